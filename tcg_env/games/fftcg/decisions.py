"""FF-TCG rules kernels: the end of the game when a player meets a defeat condition (CR 3.1, 3.3).

Asking a player and ending a game are the core's (``tcg_env.engine.decisions``).
"""

from tcg_env.engine.decisions import end_game
from tcg_env.engine.jit import internal
from tcg_env.engine.header import H_DONE, H_VARIANT, WINNER_DRAW
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.state import DAMAGED_EMPTY, DAMAGE_N, DREW_FROM_EMPTY


# =============================================================================================
# Defeat (CR 3.1)
# =============================================================================================
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
