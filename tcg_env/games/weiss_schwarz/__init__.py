"""Weiss Schwarz (comprehensive rules v2.03) on the tcg_env engine.

Public entry points: ``tcg_env.make_game("weiss_schwarz", ...)`` and the spec :data:`SPEC`, the
game's only plug-in point (registered in ``tcg_env.registry``). Everything of the game lives in this
folder: card schema and compiler (``cards``), importer, decks, constants (the card table contract),
state, kernels, observation, adapter, scenario builder, policy kernels, data and the PettingZoo
module (``env``).
Docs: ``docs/weiss_schwarz/`` (actions, observations, snapshot format, rules coverage, card format).
"""

from __future__ import annotations

from functools import lru_cache

from tcg_env.adapter import game_spec, lazy, lazy_attr
from tcg_env.games.weiss_schwarz import constants


@lru_cache(maxsize=1)
def load_pool():
    from tcg_env.games.weiss_schwarz.cards import load_ws_pool
    from tcg_env.games.weiss_schwarz.unsupported import warn_unsupported

    pool = load_ws_pool()
    warn_unsupported(pool)
    return pool


def default_decks() -> tuple[str, str]:
    from tcg_env.games.weiss_schwarz.decks import list_decks

    names = list_decks()
    if len(names) < 2:
        raise RuntimeError(f"weiss_schwarz: need two built-in decks for the default pairing, found {names}")
    return names[0], names[1]


# by convention (tcg_env.adapter.game_spec): the default variant (the first), the sizes, the
# decisions, the first player's column, the observation's views, the board
SPEC = game_spec(
    __name__,
    hooks=("shaping_potential",),
    name="weiss_schwarz",
    env_name="weiss_schwarz_v6",
    title="Weiss Schwarz",
    variants=("standard",),
    load_tables=load_pool,
    default_decks=default_decks,
    list_decks=lazy(f"{__name__}.decks", "list_decks"),
    load_deck=lazy(f"{__name__}.decks", "load_checked_deck"),
    max_deck=constants.MAX_DECK,
    load_pool=lazy(f"{__name__}.cards", "load_ws_pool"),
    importer=lazy(f"{__name__}.importer", "import_ws_json"),
    card_text=lazy_attr(f"{__name__}.card_text", "COMPILER"),
)
