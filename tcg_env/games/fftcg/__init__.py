"""Final Fantasy TCG (2016 comprehensive rules) on the tcg_env engine.

Public entry points: ``tcg_env.make_game("fftcg", ...)`` and the spec :data:`SPEC`.
Docs: ``docs/fftcg/`` (actions, observations, snapshot format, rules coverage, card format).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from tcg_env.games.fftcg import constants
from tcg_env.games.fftcg.constants import NUM_ACTIONS
from tcg_env.games.fftcg.observation import OBS_SIZE, obs_columns
from tcg_env.games.fftcg.state import STATE_SIZE
from tcg_env.engine.api import LazyKernels
from tcg_env.spec import GameSpec

DEFAULT_DECKS = ("fire_wind_aggro", "ice_water_control")


@lru_cache(maxsize=1)
def load_pool():
    from tcg_env.cards.fftcg import load_fftcg_pool

    return load_fftcg_pool()


@lru_cache(maxsize=1)
def _deck_names() -> tuple[str, ...]:
    from tcg_env.cards.decks import list_fftcg_decks

    return tuple(list_fftcg_decks())


def list_decks() -> list[str]:
    return list(_deck_names())


_BUILTIN_DECK_CACHE: dict = {}


def load_deck(pool, source, variant: str = "constructed"):
    from tcg_env.cards.decks import load_deck as _load, validate_deck

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


def _describe(game, action):
    from tcg_env.games.fftcg.adapter import describe_action

    return describe_action(game, action)


def _render(game, viewer=None):
    from tcg_env.games.fftcg.adapter import render

    return render(game, viewer)


def _to_dict(game):
    from tcg_env.games.fftcg.adapter import to_dict

    return to_dict(game)


def _from_dict(row, pool, d):
    from tcg_env.games.fftcg.adapter import from_dict

    return from_dict(row, pool, d)


def _card_zones(row):
    from tcg_env.games.fftcg.adapter import card_zones

    return card_zones(row)


def _entity_obs(flat):
    from tcg_env.games.fftcg.adapter import entity_obs

    return entity_obs(flat)


def _entity_spaces():
    from tcg_env.games.fftcg.adapter import entity_spaces

    return entity_spaces()


def _entity_layout():
    from tcg_env.games.fftcg.observation import entity_layout

    return entity_layout()


SPEC = GameSpec(
    name="fftcg",
    env_name="fftcg_v0",
    title="Final Fantasy TCG",
    num_actions=NUM_ACTIONS,
    obs_size=OBS_SIZE,
    state_size=STATE_SIZE,
    variants=("constructed", "limited"),
    default_variant="constructed",
    load_tables=load_pool,
    default_decks=lambda: DEFAULT_DECKS,
    list_decks=list_decks,
    load_deck=load_deck,
    kernels=LazyKernels("tcg_env.games.fftcg.hooks"),
    describe_action=_describe,
    render=_render,
    to_dict=_to_dict,
    from_dict=_from_dict,
    obs_columns=obs_columns,
    entity_obs=_entity_obs,
    entity_spaces=_entity_spaces,
    max_decisions=constants.MAX_DECISIONS_PER_GAME,
    card_zones=_card_zones,
    extras={"Decision": constants.Decision, "constants": constants},
    entity_layout=_entity_layout,
)
