"""FF-TCG rules kernels: the pending decision and the end of the game.

``set_decision`` asks a player (the header's decision kind and decider); ``end_game`` and
``defeats_end_game`` end the game when a player meets a defeat condition (CR 3.1, 3.3).
"""

from tcg_env.engine.jit import internal
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_VARIANT, H_WINNER, WINNER_DRAW
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.state import DAMAGED_EMPTY, DAMAGE_N, DREW_FROM_EMPTY


# =============================================================================================
# Decisions
# =============================================================================================
@internal
def set_decision(s, kind, player):
    s[H_DECISION] = kind
    s[H_DECIDER] = player


@internal
def end_game(s, winner):
    s[H_DONE] = 1
    s[H_WINNER] = winner
    s[H_DECISION] = K.Decision.NONE
    s[H_DECIDER] = -1


@internal
def defeats_end_game(s):
    """CR 3.1: a player who meets a defeat condition loses and the game ends at once, so no
    decision is asked after it (not even the EX Burst of the damage card that made the loss).
    Called where a condition arises (CR 3.1.1: a card put into a Damage Zone; 3.1.2: a draw from
    an empty deck; 3.1.3: damage with an empty deck) and by the rule processes (CR 12.4.1-12.4.3,
    which find the same conditions, e.g. in a position built by hand). Both players defeated at
    once: a draw (CR 3.3). Returns True if the game ended (an ended game's result stands)."""
    if s[H_DONE] != 0:
        return True
    lose_at = K.DAMAGE_TO_LOSE_LIMITED if s[H_VARIANT] == K.VARIANT_LIMITED else K.DAMAGE_TO_LOSE_CONSTRUCTED
    lost0 = s[DAMAGE_N] >= lose_at or s[DREW_FROM_EMPTY] != 0 or s[DAMAGED_EMPTY] != 0
    lost1 = s[DAMAGE_N + 1] >= lose_at or s[DREW_FROM_EMPTY + 1] != 0 or s[DAMAGED_EMPTY + 1] != 0
    if lost0 and lost1:
        end_game(s, WINNER_DRAW)  # CR 3.3
        return True
    if lost0:
        end_game(s, 1)
        return True
    if lost1:
        end_game(s, 0)
        return True
    return False
