"""Force of Will (comprehensive rules ver. 8.01) on the tcg_env engine core.

Public entry points: ``tcg_env.make_game("force_of_will", ...)`` and the spec :data:`SPEC`, the
game's only plug-in point (registered in ``tcg_env.registry``). Everything of the game lives in this
folder (docs/architecture.md, "One folder per game"): card schema and compiler (``cards``), importer,
decks, constants (the card table contract), state, the rules kernels, observation, adapter, policy
kernels, data and the PettingZoo module (``env``).
Docs: ``docs/force_of_will/`` (design, actions, observations, snapshot format, rules coverage, card
format).
"""

from __future__ import annotations

from functools import lru_cache

from tcg_env.adapter import game_spec, lazy, lazy_attr
from tcg_env.games.force_of_will import constants

DEFAULT_DECKS = ("ember_gale_aggro", "tide_dusk_control")
# the most cards one deck list brings into the state: the ruler, the main deck, the magic stone
# deck, the rune deck and the extra deck (CR 402.1; story chants with [Grimoire], CR 1132.2)
MAX_DECK = 1 + constants.MAX_MAIN_DECK + constants.MAX_STONE_DECK + 2 * constants.MAX_EXTRA


load_pool = lru_cache(maxsize=1)(lazy(f"{__name__}.cards", "load_force_of_will_pool"))


# by convention (tcg_env.adapter.game_spec): the default variant (the first), the sizes (actions,
# observation, state row), the decisions and the first player's column (constants.py,
# observation.py, state.py), the observation's views and the board. The env name is bumped when
# the behaviour or the observation changes (PettingZoo's convention; docs/envs.md, "Versions")
SPEC = game_spec(
    __name__,
    hooks=("shaping_potential",),
    name="force_of_will",
    env_name="force_of_will_v10",
    title="Force of Will",
    variants=("constructed",),
    load_tables=load_pool,
    default_decks=lambda: DEFAULT_DECKS,
    list_decks=lazy(f"{__name__}.decks", "list_decks"),
    load_deck=lazy(f"{__name__}.decks", "load_checked_deck"),
    max_deck=MAX_DECK,
    load_pool=lazy(f"{__name__}.cards", "load_force_of_will_pool"),
    importer=lazy(f"{__name__}.importer", "import_force_of_will_json"),
    card_text=lazy_attr(f"{__name__}.card_text", "COMPILER"),
)
