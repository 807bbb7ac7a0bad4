"""The template game: a small, complete card game on the tcg_env engine core, written to be copied.

Its rules are docs/template/rules.md (a deck, a hand, creatures with power, two colours of mana,
a spell with a filter and a modifier until end of turn, an automatic ability with a yes / no
choice, a Negate answered in a counter window). Every piece of the contract is here once, in the
file of the same name in every game (docs/architecture.md, "Adding a game", is the checklist):

constants.py  enums, capacities, the declared action and card-table layouts, the tag ``RULES``
state.py      the state row, its zones with who sees them, modifiers and automatic abilities declared
kernels.py    the entry kernels (a new game, the legal mask, applying an action)
turn.py, play.py  the rules by area, calling each other through the tag
observation.py, policy_kernels.py  the observation (declared blocks), the heuristic, determinization
hooks.py      the contract's names for the core, the counter window's declarations
cards.py, decks.py, data/  the card schema and compiler, deck rules, the starter pool and decks
adapter.py, scenario.py, env.py  the Python side: descriptions, board, snapshots; positions; PettingZoo

It is not in ``tcg_env.registry``, so no user's ``tcg`` lists it: its tests and the conformance kit
plug it in while they run (``tcg_env.extra_games``). A new game copied from it adds its
line to ``tcg_env/registry.py`` instead.
"""

from __future__ import annotations

from functools import lru_cache

from tcg_env.adapter import game_spec, lazy
from tcg_env.games.template.constants import DECK_SIZE


@lru_cache(maxsize=1)
def load_pool():
    from tcg_env.games.template.cards import load_template_pool

    return load_template_pool()


# by convention (tcg_env.adapter.game_spec): the kernels (hooks.py), the adapter's hooks, the sizes,
# decisions, zone table and first player's column (constants.py, observation.py, state.py);
# env_name defaults to "template_v0"
SPEC = game_spec(
    __name__,
    name="template",
    title="Template game",
    variants=("constructed",),
    load_tables=load_pool,
    default_decks=lambda: ("red_rush", "blue_control"),
    list_decks=lazy(f"{__name__}.decks", "list_decks"),
    load_deck=lazy(f"{__name__}.decks", "load_checked_deck"),
    max_deck=DECK_SIZE,
    load_pool=lazy(f"{__name__}.cards", "load_template_pool"),
    importer=None,  # no importer of published card lists (importer.py in a real game)
    raw_layout=None,
)
