"""The template game's in-kernel agents' parts: the heuristic and the determinization."""

from tcg_env.engine.jit import internal
from tcg_env.engine.zones import deal_hidden
from tcg_env.games.template.constants import FIELD_BASE, FIELD_SLOTS, HAND_BASE, HAND_SLOTS, PASS
from tcg_env.games.template.state import ZT


@internal
def heuristic_action(game, s, T, mask, n_legal, rng_row):
    """Play the first card it can, else attack with the first ready creature, else pass (which also
    declines every counter, block and draw: a baseline, not a strategy)."""
    for a in range(HAND_BASE, HAND_BASE + HAND_SLOTS):
        if mask[a] != 0:
            return a
    for a in range(FIELD_BASE, FIELD_BASE + FIELD_SLOTS):
        if mask[a] != 0:
            return a
    return PASS


@internal
def resample_hidden(game, s, T, player, rng_row):
    """What ``player`` cannot see, dealt anew by the zone table's declaration (state.ZONES): the
    opponent's hand and deck as one pile, ``player``'s own deck (engine.zones' ``deal_hidden``)."""
    deal_hidden(s, ZT, player, rng_row)
