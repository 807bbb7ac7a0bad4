"""A test rules variant of Force of Will (test_rules_variant.py): every card's total cost counts 0
(``total_cost``, CR 203.5, replaced); every other rule is the base game's (docs/architecture.md,
"Rules variants": a variant's hooks module is only what differs)."""

from numba import njit

from tcg_env.engine.hooks import Rules
from tcg_env.games.force_of_will.hooks import *  # noqa: F403  (the base game's rules and RULES_MODULES, kept)

RULES = Rules(__name__)


@njit(cache=True)
def total_cost(T, cid):
    """Replaces the base game's ``characteristics.total_cost`` wherever its kernels call
    ``game.total_cost``."""
    return 0
