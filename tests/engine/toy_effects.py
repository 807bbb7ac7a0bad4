"""A toy game that implements the effect interpreter's contract (``tcg_env.engine.effects``), so the
core's interpreter is tested apart from any real game's rules (tests/engine/test_effects_core.py).

Each player has up to ``IN_PLAY_MAX`` cards in play (slots; -1 marks an empty place), each with a
power; a card can be marked as gone (it left play: effects no longer affect it). Players have a
hand and a deck that are only counts; drawing from an empty deck loses the game. One frame at a
time is run, from a row the test writes.
"""

from numba import njit

from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.engine.effects import AGAIN, NEXT, NOT_DONE, STOPPED, reg_has, run_program
from tcg_env.engine.hooks import Rules
from tcg_env.engine.layout import StateLayout
from tcg_env.engine.tables import filter_table

RULES = Rules(__name__)

N_SLOTS = 8
IN_PLAY_MAX = 4
N_REGS = 2
TARGET_MAX = 3

LAYOUT = StateLayout("toy_effects")
IN_PLAY_N = LAYOUT.add("in_play_count", 2)
IN_PLAY_L = LAYOUT.add("in_play", (2, IN_PLAY_MAX))
POWER = LAYOUT.add("power", N_SLOTS)
SECOND = LAYOUT.add("second_power", N_SLOTS)  # POWER's second operand (add_power_second)
KEYWORDS = LAYOUT.add("keywords", N_SLOTS)
RESTRICTIONS = LAYOUT.add("restrictions", N_SLOTS)
GONE = LAYOUT.add("gone", N_SLOTS)  # 1: the card left play
OWNER = LAYOUT.add("owner", N_SLOTS)
HAND_N = LAYOUT.add("hand_count", 2)
DECK_N = LAYOUT.add("deck_count", 2)
DISCARDED = LAYOUT.add("discarded", 2)  # hand indexes discarded, as a count
LAST_DISCARD = LAYOUT.add("last_discard_index", 2)
AFTER_EACH = LAYOUT.add("after_each_target_calls")
INTERRUPT = LAYOUT.add("interrupt")  # 1: interrupt_due says yes
DEC_ARG = LAYOUT.add("decision_args", 4)
# one frame
FR_SLOT, FR_ABIL, FR_CTRL, FR_PC, FR_CNT, FR_MODE, FR_STORE, FR_REGN = range(8)
FR_REG = FR_REGN + N_REGS
FRAME_W = FR_REG + N_REGS * TARGET_MAX
FRAME = LAYOUT.add("frame", FRAME_W)
STATE_SIZE = LAYOUT.size

# the contract's constants
FRAME_SOURCE = FR_SLOT
FRAME_ABILITY = FR_ABIL
FRAME_CONTROLLER = FR_CTRL
FRAME_PC = FR_PC
FRAME_COUNT = FR_CNT
FRAME_REG_COUNTS = FR_REGN
FRAME_REGS = FR_REG
A_CODE_START = 0
A_CODE_LEN = 1
DECISION_CHOOSE_TARGET = 1
DECISION_DISCARD = 2

# filter rows: F_SIDE (0 any, 1 the viewer's, 2 the other player's), F_MIN_POWER
F_SIDE = 0
F_MIN_POWER = 1

# the toy's own opcodes
OP_BUMP = 20  # each target: power + a0 (a game opcode inside the each-target range)
OP_STORE = 40  # stored count = a0
OP_STOP = 41  # stop after this instruction (as a frame pushed on top would)
OP_TWICE = 42  # runs twice (AGAIN once), counting in FRAME_COUNT, then power + 1 on the source
OP_MAYBE = 43  # power + 1 on the source when a0 != 0 (done), else nothing (NOT_DONE)


@njit(cache=True)
def filter_match(s, T, frow, slot, viewer, source):
    F = filter_table(T)
    side = F[frow, F_SIDE]
    if side == 1 and s[OWNER + slot] != viewer:
        return False
    if side == 2 and s[OWNER + slot] == viewer:
        return False
    return s[POWER + slot] >= F[frow, F_MIN_POWER]


@njit(cache=True)
def condition_holds(s, T, cond, arg, controller, source):
    """The toy's one condition: the controller has at least ``arg`` cards in hand."""
    return s[HAND_N + controller] >= arg


@njit(cache=True)
def in_play_count(s, player):
    return s[IN_PLAY_N + player]


@njit(cache=True)
def in_play_slot(s, player, i):
    return s[IN_PLAY_L + player * IN_PLAY_MAX + i]


@njit(cache=True)
def chosen_so_far(s, f, reg):
    return s[f + FR_CNT]


@njit(cache=True)
def choose_candidates(s, T, f, reg, frow):
    n = 0
    for p in range(2):
        for i in range(s[IN_PLAY_N + p]):
            slot = s[IN_PLAY_L + p * IN_PLAY_MAX + i]
            if slot >= 0 and not reg_has(RULES, s, f, reg, slot) and filter_match(s, T, frow, slot, s[f + FR_CTRL], s[f + FR_SLOT]):
                n += 1
    return n


@njit(cache=True)
def frame_mode(s, f):
    return s[f + FR_MODE]


@njit(cache=True)
def stored_count(s, f):
    return s[f + FR_STORE]


@njit(cache=True)
def target_affected(s, op, slot):
    return s[GONE + slot] == 0


@njit(cache=True)
def add_power(s, slot, amount, duration):
    s[POWER + slot] += amount * (1 + duration)  # duration 1: doubled, to see that it arrives


@njit(cache=True)
def add_power_second(s, slot, amount, duration):
    s[SECOND + slot] += amount


@njit(cache=True)
def grant_keywords(s, slot, bits, duration):
    s[KEYWORDS + slot] |= bits


@njit(cache=True)
def add_restrictions(s, slot, bits, duration):
    s[RESTRICTIONS + slot] |= bits


@njit(cache=True)
def each_target(s, T, f, op, slot, a0, a1, a2):
    if op == OP_BUMP:
        s[POWER + slot] += a0


@njit(cache=True)
def after_each_target(s, T):
    s[AFTER_EACH] += 1


@njit(cache=True)
def draw_cards(s, player, n):
    for _ in range(n):
        if s[DECK_N + player] == 0:
            end_game(s, 1 - player)
            return
        s[DECK_N + player] -= 1
        s[HAND_N + player] += 1


@njit(cache=True)
def hand_count(s, player):
    return s[HAND_N + player]


@njit(cache=True)
def discard_hand_index(s, player, i):
    s[HAND_N + player] -= 1
    s[DISCARDED + player] += 1
    s[LAST_DISCARD + player] = i


@njit(cache=True)
def ask_discard(s, f, player):
    set_decision(s, DECISION_DISCARD, player)


@njit(cache=True)
def interrupt_due(s):
    return s[INTERRUPT] != 0


@njit(cache=True)
def exec_op(s, T, f, op, reg, a0, a1, a2):
    if op == OP_STORE:
        s[f + FR_STORE] = a0
    elif op == OP_STOP:
        s[f + FR_PC] += 1
        return STOPPED
    elif op == OP_TWICE:
        s[f + FR_CNT] += 1
        if s[f + FR_CNT] < 2:
            return AGAIN
        s[POWER + s[f + FR_SLOT]] += 1
    elif op == OP_MAYBE:
        if a0 == 0:
            return NOT_DONE
        s[POWER + s[f + FR_SLOT]] += 1
    return NEXT


@njit(cache=True)
def run(s, T):
    """The core's interpreter on the row's frame (a kernel Python can call)."""
    return run_program(RULES, s, T, FRAME)

