"""Two toy games' effect frame stacks, for the core's frame stack and its default frame hooks
(tcg_env.engine.effects: push_frame, top_frame, pop_frame, frames_full, frame_mode, chosen_so_far,
stored_count; tests/engine/test_effects_core.py). ``RULES`` names every frame word, its empty
register slots holding -1; ``BARE`` (toy_frames_bare) has no mode or stored-count word."""

from numba import njit

from tcg_env.engine import effects
from tcg_env.engine.hooks import Rules
from tcg_env.engine.layout import StateLayout

RULES = Rules(__name__)
BARE = Rules("toy_frames_bare")

N_SLOTS = 4
N_REGS = 2
TARGET_MAX = 2
FRAME_MAX = 2

LAYOUT = StateLayout("toy_frames")
CARD = LAYOUT.add_records(N_SLOTS, ["card_id", "owner"])[0]
CARD_W = 2
# a frame: the entry words, the registers, then the interpreter's and an extra word of the game's
FRAME_KIND, FRAME_SOURCE, FRAME_ABILITY, FRAME_CONTROLLER, FRAME_CARD, FRAME_AUX, FRAME_REG_COUNTS = range(7)
FRAME_REGS = FRAME_REG_COUNTS + N_REGS
FRAME_STORE = FRAME_REGS + N_REGS * TARGET_MAX
FRAME_MODE, FRAME_PC, FRAME_COUNT, FRAME_PURPOSE, EXTRA = range(FRAME_STORE + 1, FRAME_STORE + 6)
FRAME_W = EXTRA + 1
FRAME_N = LAYOUT.add("frame_count")
FRAMES = LAYOUT.add("frames", (FRAME_MAX, FRAME_W))
FRAME_REG_EMPTY = -1
STATE_SIZE = LAYOUT.size


# the core's kernels are kernel-only (engine.jit.internal): the tests call them through these
@njit
def push(game, s, mode, purpose, kind, slot, arow, ctrl, aux):
    return effects.push_frame(game, s, None, mode, purpose, kind, slot, arow, ctrl, aux)


@njit
def top(game, s):
    return effects.top_frame(game, s)


@njit
def pop(game, s):
    effects.pop_frame(game, s)


@njit
def full(game, s):
    return effects.frames_full(game, s)


@njit
def defaults(game, s, f, reg):
    """The default hooks' values for frame ``f``: (mode, chosen so far in ``reg``, stored count)."""
    return effects.frame_mode(game, s, f), effects.chosen_so_far(game, s, f, reg), effects.stored_count(game, s, f)
