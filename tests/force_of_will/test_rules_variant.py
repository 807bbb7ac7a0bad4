"""Force of Will's rules are methods of its tag (docs/architecture.md, "Rules variants"): a variant's
hooks module that replaces one rule is reached from the base game's kernels in the other rules
modules, and the base game, compiled for its own tag, keeps its rule."""

from numba import njit

import fow_variant_hooks as variant
from fow_tables import Row, basic_pool
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.characteristics import total_cost
from tcg_env.games.force_of_will.filters import filter_core


@njit
def _matches(game, s, T, frow, slot):
    """filters.filter_core for player 0, no source card (its ATK and keywords are not read by a
    cost filter)."""
    return filter_core(game, s, T, frow, slot, 0, -1, 0, 0)


@njit
def _total_cost(T, cid):
    return total_cost(T, cid)


def test_cr_203_5_a_variant_replacing_total_cost_is_read_by_the_base_games_cost_filter():
    """The cost bounds of a filter read a card's total cost (CR 203.5) through the tag,
    ``game.total_cost`` in filters.py: the variant's (every cost 0) makes a hand card of cost 1
    or more match "total cost 0 or less", the base game's does not."""
    P = basic_pool()
    costs_nothing = P.filter(zone=K.FilterZone.HAND, cost_max=0)
    r = Row(P)
    hand = r.zone(K.Zone.HAND, 0)
    assert hand and all(_total_cost(r.T, r.cid(slot)) >= 1 for slot in hand)
    for slot in hand:
        assert not _matches(K.RULES, r.s, r.T, costs_nothing, slot)
        assert _matches(variant.RULES, r.s, r.T, costs_nothing, slot)
