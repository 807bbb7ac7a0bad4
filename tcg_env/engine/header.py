"""Fields at the start of every game's state row (see :mod:`tcg_env.engine`)."""

H_DONE = 0  # 1 once the game has ended
H_WINNER = 1  # -1 while playing, 0 / 1 the winning player, 2 a draw
H_DECISION = 2  # the game's decision kind now pending (0 = none)
H_DECIDER = 3  # the player who must act (-1 when done)
H_NUM_DECISIONS = 4  # decisions taken so far
H_RNG = 5  # 4 words of xorshift128 state: H_RNG .. H_RNG + 3
H_TURN = 9  # turn number, 1 for the first turn
H_VARIANT = 10  # rules variant index of the game (e.g. FF-TCG constructed / limited)
H_AUTO_SINGLE = 11  # 1: decisions with exactly one legal action are applied automatically
H_ERROR = 12  # last internal error code (0 = none); a non-zero value means an engine bug
HEADER_SIZE = 16

WINNER_NONE = -1
WINNER_DRAW = 2
