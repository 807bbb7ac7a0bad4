"""Final Fantasy TCG (2016 comprehensive rules) on the tcg_env engine.

Public entry points: ``tcg_env.make_game("fftcg", ...)`` and the spec :data:`SPEC`, the game's
only plug-in point (registered in ``tcg_env.registry``). Everything of the game lives in this
folder: card schema and compiler (``cards``), importer, decks, constants, state, kernels,
observation, adapter, scenario builder, policy kernels, data and the PettingZoo module (``env``).
Docs: ``docs/fftcg/`` (actions, observations, snapshot format, rules coverage, card format).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from tcg_env.adapter import game_spec, lazy
from tcg_env.games.fftcg import constants

DEFAULT_DECKS = ("fire_wind_aggro", "ice_water_control")


@lru_cache(maxsize=1)
def load_pool():
    from tcg_env.games.fftcg.cards import load_fftcg_pool

    return load_fftcg_pool()


@lru_cache(maxsize=1)
def _deck_names() -> tuple[str, ...]:
    from tcg_env.games.fftcg.decks import list_fftcg_decks

    return tuple(list_fftcg_decks())


def list_decks() -> list[str]:
    return list(_deck_names())


_BUILTIN_DECK_CACHE: dict = {}


def load_deck(pool, source, variant: str | None = "constructed"):
    """A checked deck (CR 8.1.1) for ``variant``'s format (None: the format the deck list names)."""
    from tcg_env.games.fftcg.decks import load_deck as _load, validate_deck

    # built-in decks are parsed once per pool (parsing costs ~1.8 ms, i.e. ~4 us per decision
    # for a loop that starts a new game every ~400 decisions)
    key = (id(pool), source, variant) if isinstance(source, str) and source in _deck_names() else None
    if key is not None and key in _BUILTIN_DECK_CACHE:
        deck = _BUILTIN_DECK_CACHE[key]
        return replace(deck, card_ids=deck.card_ids.copy())  # callers may modify their copy
    deck = _load(pool, source)
    validate_deck(pool, deck, format=variant)
    if key is not None:
        _BUILTIN_DECK_CACHE[key] = replace(deck, card_ids=deck.card_ids.copy())
    return deck


# by convention (tcg_env.adapter.game_spec): the default variant (the first), the sizes, the
# decisions, the first player's column, the observation's views; render is FF-TCG's own (the
# player to act's hand by default)
SPEC = game_spec(
    __name__,
    hooks=("obs_scale", "shaping_potential", "render"),
    name="fftcg",
    env_name="fftcg_v1",
    title="Final Fantasy TCG",
    variants=("constructed", "limited"),
    load_tables=load_pool,
    default_decks=lambda: DEFAULT_DECKS,
    list_decks=list_decks,
    load_deck=load_deck,
    max_deck=constants.MAX_DECK,
    load_pool=lazy(f"{__name__}.cards", "load_fftcg_pool"),
    importer=lazy(f"{__name__}.importer", "import_fftcg_json"),
)
