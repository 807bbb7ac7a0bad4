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

import numpy as np

from tcg_env.adapter import game_spec, lazy
from tcg_env.engine.tables import unpack_tables
from tcg_env.games.weiss_schwarz import constants


@lru_cache(maxsize=1)
def load_pool():
    from tcg_env.games.weiss_schwarz.cards import load_ws_pool
    from tcg_env.games.weiss_schwarz.unsupported import warn_unsupported

    pool = load_ws_pool()
    warn_unsupported(pool)
    return pool


def list_decks() -> list[str]:
    from tcg_env.games.weiss_schwarz.decks import list_ws_decks

    return list_ws_decks()


def default_decks() -> tuple[str, str]:
    names = list_decks()
    if len(names) < 2:
        raise RuntimeError(f"weiss_schwarz: need two built-in decks for the default pairing, found {names}")
    return names[0], names[1]


class DeckRuleError(ValueError):
    """A deck that breaks the deck construction rules (CR 5.1.2)."""


def check_deck_ids(cards: np.ndarray, ids: np.ndarray, source: str = "<list>") -> np.ndarray:
    """CR 5.1.2 on card ids of any compiled pool (its ``cards`` table): 50 cards, <= 4 of a name,
    <= 8 climax."""
    ids = np.asarray(ids)
    if ids.ndim != 1 or not np.issubdtype(ids.dtype, np.integer):
        raise DeckRuleError(f"deck {source}: expected a flat list of integer card ids")
    if ids.size and (ids.min() < 0 or ids.max() >= cards.shape[0]):
        raise DeckRuleError(f"deck {source}: card id out of range 0..{cards.shape[0] - 1}")
    if ids.size != constants.DECK_SIZE:
        raise DeckRuleError(f"deck {source}: {ids.size} cards, a deck has exactly {constants.DECK_SIZE} (CR 5.1.2.1)")
    names, counts = np.unique(cards[ids, constants.C_NAME], return_counts=True)
    if counts.max() > constants.MAX_COPIES:
        raise DeckRuleError(f"deck {source}: {counts.max()} cards with name id {names[counts.argmax()]}, "
                            f"at most {constants.MAX_COPIES} (CR 5.1.2.2)")
    n_cx = int(np.sum(cards[ids, constants.C_TYPE] == constants.CardType.CLIMAX))
    if n_cx > constants.MAX_CLIMAX:
        raise DeckRuleError(f"deck {source}: {n_cx} climax, at most {constants.MAX_CLIMAX} (CR 5.1.2.3)")
    return ids.astype(np.int32)


def load_deck(pool, source, variant: str = "standard"):
    from tcg_env.cards.decks import Deck

    if isinstance(source, (list, tuple, np.ndarray)) and all(isinstance(x, (int, np.integer)) for x in np.asarray(source).ravel().tolist()):
        ids = check_deck_ids(unpack_tables(pool.kernel_tables)[0], np.asarray(source))
        return Deck(name="custom", card_ids=ids, source="<list>")
    from tcg_env.games.weiss_schwarz.decks import load_ws_deck

    return load_ws_deck(pool, source)


# by convention (tcg_env.adapter.game_spec): the default variant (the first), the sizes, the
# decisions, the first player's column, the observation's views, the board
SPEC = game_spec(
    __name__,
    hooks=("shaping_potential",),
    name="weiss_schwarz",
    env_name="weiss_schwarz_v1",
    title="Weiss Schwarz",
    variants=("standard",),
    load_tables=load_pool,
    default_decks=default_decks,
    list_decks=list_decks,
    load_deck=load_deck,
    max_deck=constants.MAX_DECK,
    load_pool=lazy(f"{__name__}.cards", "load_ws_pool"),
    importer=lazy(f"{__name__}.importer", "import_ws_json"),
)
