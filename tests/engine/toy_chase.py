"""A toy hooks module for the engine core's chase and pending automatic abilities
(``tcg_env.engine.chase``, ``tcg_env.engine.triggers``), tested apart from any game's rules in
tests/engine/test_chase.py.

Its row holds the layout those modules ask for (small capacities, so that they fill), and its
kernels log what the core asked of them: the rule processes count their runs and stop the
priority point while ``STOP`` is set; a pending ability "played" is logged by its source slot;
ordering offers the ORDER decision; no action is allowed while ``NO_ACTIONS`` is set.
"""

from numba import njit

from tcg_env.engine.decisions import set_decision
from tcg_env.engine.hooks import Rules
from tcg_env.engine.layout import StateLayout
from tcg_env.engine.triggers import PE_SLOT, pending_entry, pending_remove

PENDING_MAX = 2  # pending abilities per player
CHASE_MAX = 3  # entries on the chase
CHASE_ENTRY_W = 2  # words of a chase entry
PLAYED_MAX = 8

LAYOUT = StateLayout("toy_chase")
TURN_PLAYER = LAYOUT.add("turn_player")
PRIORITY_PLAYER = LAYOUT.add("priority_player")
PASSES = LAYOUT.add("consecutive_passes")
STOP = LAYOUT.add("rule_processes_stop")  # 1: the rule processes stop the priority point
RULE_RUNS = LAYOUT.add("rule_process_runs")
NO_ACTIONS = LAYOUT.add("no_actions")  # 1: no player may act (a pass is made for them)
PENDING_COUNT = LAYOUT.add("pending_count", 2)
PENDING = LAYOUT.add("pending", (2, PENDING_MAX, 3))
CHASE_COUNT = LAYOUT.add("chase_count")
CHASE = LAYOUT.add("chase", (CHASE_MAX, CHASE_ENTRY_W))
BUILD = LAYOUT.add("entry_being_played", CHASE_ENTRY_W)
PLAYED_N = LAYOUT.add("played_count")
PLAYED = LAYOUT.add("played_sources", PLAYED_MAX)  # the source slots of the pending abilities played
STATE_SIZE = LAYOUT.size

PRIORITY_DECISION = 1
ORDER_DECISION = 2
PLAYED_STATUS = 7  # what play_pending returns (a game's own status)
ORDERING_STATUS = 8  # what order_pending returns

RULES = Rules(__name__)


@njit(cache=True)
def rule_processes(s, T):
    s[RULE_RUNS] += 1
    return s[STOP] != 0


@njit(cache=True)
def play_pending(s, T, player, i):
    slot = s[pending_entry(RULES, s, player, i) + PE_SLOT]
    pending_remove(RULES, s, player, i)
    s[PLAYED + s[PLAYED_N]] = slot
    s[PLAYED_N] += 1
    return PLAYED_STATUS


@njit(cache=True)
def order_pending(s, T, player, n):
    set_decision(s, ORDER_DECISION, player)
    return ORDERING_STATUS


@njit(cache=True)
def actions_allowed(s):
    return s[NO_ACTIONS] == 0
