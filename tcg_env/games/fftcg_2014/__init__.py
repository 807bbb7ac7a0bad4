"""Final Fantasy TCG under the Square Enix TCG System comprehensive rules of 2014/07/15, a rules
variant of FF-TCG (``tcg_env.games.fftcg``): ``tcg_env.make_game("fftcg", rules="2014")`` or
``make_game("fftcg_2014")``. Its rules kernels are FF-TCG's, compiled for this variant's tag, with
the ones the 2014 rules change replaced (``hooks``; docs/architecture.md, "Rules variants"); its
cards, state row and observation extend FF-TCG's. Docs: ``docs/fftcg_2014/``."""

from __future__ import annotations

from functools import lru_cache

from tcg_env.adapter import game_spec, lazy
from tcg_env.games.fftcg import RULE_SETS
from tcg_env.games.fftcg_2014 import constants

DEFAULT_DECKS = ("fire_party_aggro", "ice_junction_control")
load_pool = lru_cache(maxsize=1)(lazy(f"{__name__}.cards", "load_pool"))

SPEC = game_spec(
    __name__,
    hooks=("obs_scale", "shaping_potential", "render"),
    name="fftcg_2014",
    env_name="fftcg_2014_v7",  # v5: FF-TCG's fftcg_v8 columns (docs/envs.md, "Versions")
    title="Final Fantasy TCG (2014 rules)",
    variants=("constructed", "limited"),
    load_tables=load_pool,
    default_decks=lambda: DEFAULT_DECKS,
    list_decks=lazy(f"{__name__}.decks", "list_decks"),
    load_deck=lazy(f"{__name__}.decks", "load_checked_deck"),
    max_deck=constants.MAX_DECK,
    load_pool=lazy(f"{__name__}.cards", "load_pool"),
    rule_sets=RULE_SETS,  # FF-TCG's: make_game("fftcg_2014", rules="2016") plays FF-TCG 2016
    raw_layout=None,  # no importer of its own: FF-TCG's card files load unchanged
)
