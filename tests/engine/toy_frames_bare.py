"""A toy frame with no mode and no stored-count word (as Weiss Schwarz's): the core's default
frame_mode and stored_count (tests/engine/toy_frames.py)."""

N_REGS = 2
TARGET_MAX = 2
FRAME_SOURCE, FRAME_ABILITY, FRAME_CONTROLLER, FRAME_PC, FRAME_COUNT, FRAME_REG_COUNTS = range(6)
FRAME_REGS = FRAME_REG_COUNTS + N_REGS
