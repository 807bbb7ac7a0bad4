"""A toy game with the Dragon Ball Super Card Game's counter timing (rules 1.073: 4-7, 6-3-1-2-1,
7-1, 8-5-2, 10-10), on the engine core's response window (``tcg_env.engine.chase``); tested in
tests/engine/test_counter_timing.py.

Its hooks module declares the window (``tcg_env.engine.chase``, "How a game declares its window"):
one decline closes it (4-7-3-2 to 4-7-3-4), the activated [Counter] skills then resolve, the last
first, without the window opening again (4-7-3-5), the action that opened it is carried out
afterwards if it still can be (4-7-3-6), a counter passes the decision to the other player (4-7-3-3),
the counter timing runs the rule processing but plays no [Auto] skill (4-7-3-1), and only [Counter]
skills may be used in it (10-10-1, ``response_allowed``).

The game: card slots, each with an owner, a zone and a kind, in the row (no card tables: ``T`` is
unused). The turn player, at MAIN, may play a battle card from the hand (6-3-1-2-1: declared, the
card waits in PLAYING through the counter timing, then enters the battle area: FIELD), attack with
an active battle card (7-1: it rests; after the counter timing the attack deals 1 damage if the
attacker is still on the field: the battle steps 7-2 to 7-4 left out), or pass (the turn passes to
the other player). At COUNTER (the window's decision), the player to answer activates a [Counter]
card from the hand (on the chase in zone CHASE; into the drop area when it resolves, 10-10-4) or
declines (PASS). The counters, by kind:

* COUNTER_PLAY, "[Counter: Play] negate the play": the card being played goes to the drop area;
* COUNTER_ATTACK, "[Counter: Attack] KO the attacker": the attacker goes to the drop area (7-1-4:
  no attack card is left);
* COUNTER_COUNTER, "[Counter: Counter] negate that [Counter]": the counter it answers, now the top
  of the chase, does nothing when it resolves (10-10-5).

Which counters are pending (10-10-3): with the chase empty, those of the kind the window's action
makes pending (10-10-3-1 play, 10-10-3-2 attack); with a counter on the chase, only [Counter:
Counter] (10-10-3-3). The toy reads 10-10-3-4 ("[Counter] skills leave pending when a player
activates the [Counter]") as: each activation ends what was pending before it.
"""

from numba import njit

from tcg_env.engine.chase import (
    Priority, WindowClose, after_resolution, after_response, chase_full, chase_pop, chase_push, chase_size,
    open_window, priority_pass, priority_point, window_mask,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.hooks import Rules
from tcg_env.engine.layout import StateLayout
from tcg_env.engine.triggers import pending_remove

SLOTS = 8  # card slots, both players'
PENDING_MAX = 2  # pending [Auto] skills per player
CHASE_MAX = 4  # activated [Counter] skills
CHASE_ENTRY_W = 3
E_CARD, E_PLAYER, E_NEGATED = 0, 1, 2  # a chase entry: the counter's card, its master, negated (10-10-5)
LOG_MAX = 16

# zones
HAND, FIELD, DROP, PLAYING, CHASE_ZONE = 0, 1, 2, 3, 4
# card kinds
BATTLE, COUNTER_PLAY, COUNTER_ATTACK, COUNTER_COUNTER = 0, 1, 2, 3
# what opened the counter timing (4-7-2)
ORIGIN_PLAY, ORIGIN_ATTACK = 1, 2

LAYOUT = StateLayout("toy_counter_timing")
TURN_PLAYER = LAYOUT.add("turn_player")
PRIORITY_PLAYER = LAYOUT.add("priority_player")
PASSES = LAYOUT.add("consecutive_passes")
WINDOW = LAYOUT.add("counter_timing_open")
RULE_RUNS = LAYOUT.add("rule_process_runs")  # one per counter-timing point (4-7-3-1)
PENDING_COUNT = LAYOUT.add("pending_count", 2)
PENDING = LAYOUT.add("pending", (2, PENDING_MAX, 3))
PLAYED_AUTO = LAYOUT.add("auto_skills_played")
CHASE_COUNT = LAYOUT.add("chase_count")
CHASE = LAYOUT.add("chase", (CHASE_MAX, CHASE_ENTRY_W))
BUILD = LAYOUT.add("entry_being_activated", CHASE_ENTRY_W)
ORIGIN_KIND = LAYOUT.add("origin_kind")  # the play / attack that opened the counter timing
ORIGIN_SLOT = LAYOUT.add("origin_slot")
ORIGIN_PLAYER = LAYOUT.add("origin_player")
LIFE = LAYOUT.add("life", 2)
OWNER = LAYOUT.add("owner", SLOTS)
ZONE = LAYOUT.add("zone", SLOTS)
KIND = LAYOUT.add("kind", SLOTS)
RESTED = LAYOUT.add("rested", SLOTS)
RESOLVED_N = LAYOUT.add("resolved_count")
RESOLVED = LAYOUT.add("resolved_counters", LOG_MAX)  # the counters' card slots, in the order they resolved
COMPLETED_N = LAYOUT.add("completed_count")
COMPLETED = LAYOUT.add("completed_originals", LOG_MAX)  # ORIGIN_* of each original action carried out
STATE_SIZE = LAYOUT.size

# decisions and actions
MAIN = 1
COUNTER = 2
PRIORITY_DECISION = COUNTER  # the window's decision
PASS = 0
CARD_BASE = 1  # CARD_BASE + slot: play / attack with (MAIN) or activate (COUNTER) that card
NUM_ACTIONS = CARD_BASE + SLOTS
PASS_ACTION = PASS

# the window, declared (tcg_env.engine.chase)
WINDOW_CLOSING_PASSES = 1  # 4-7-3-2 to 4-7-3-4: one decline ends the answering
WINDOW_ON_CLOSE = WindowClose.RESOLVE_ALL  # 4-7-3-5
WINDOW_COMPLETES_ORIGINAL = 1  # 4-7-3-6
WINDOW_RESPONDER_KEEPS_PRIORITY = 0  # 4-7-3-3 / 4-7-3-4
WINDOW_PLAYS_PENDING_ABILITIES = 0  # 4-7-3-1: rule processing only

RULES = Rules(__name__)


@njit(cache=True)
def rule_processes(s, T):
    s[RULE_RUNS] += 1
    return False


@njit(cache=True)
def play_pending(s, T, player, i):
    """(played at a checkpoint, 4-5-3-2 / 4-5-3-3; never at a counter timing, 4-7-3-1)"""
    pending_remove(RULES, s, player, i)
    s[PLAYED_AUTO] += 1
    return 0


@njit(cache=True)
def order_pending(s, T, player, n):
    return play_pending(s, T, player, 0)


@njit(cache=True)
def response_allowed(s, T, player, a):
    """10-10-1 / 10-10-2: a [Counter] card of ``player``'s hand, of the kind now pending (10-10-3)."""
    if a < CARD_BASE:
        return False
    slot = a - CARD_BASE
    if s[OWNER + slot] != player or s[ZONE + slot] != HAND or chase_full(RULES, s):
        return False
    kind = s[KIND + slot]
    if chase_size(RULES, s) > 0:
        return kind == COUNTER_COUNTER  # 10-10-3-3
    if s[ORIGIN_KIND] == ORIGIN_PLAY:
        return kind == COUNTER_PLAY  # 10-10-3-1
    return kind == COUNTER_ATTACK  # 10-10-3-2


@njit(cache=True)
def legal_mask_row(s, T, mask):
    d = s[H_DECISION]
    if d == COUNTER:
        return window_mask(RULES, s, T, mask)
    p = s[H_DECIDER]
    mask[:] = 0
    mask[PASS] = 1
    n = 1
    if d == MAIN:
        for slot in range(SLOTS):
            if s[OWNER + slot] != p or s[KIND + slot] != BATTLE:
                continue
            if s[ZONE + slot] == HAND or (s[ZONE + slot] == FIELD and s[RESTED + slot] == 0):
                mask[CARD_BASE + slot] = 1
                n += 1
    return n


@njit(cache=True)
def counter_timing_point(s, T):
    """4-7-3-1 then the decision of the player to answer (4-7-3-2 to 4-7-3-4)."""
    priority_point(RULES, s, T)


@njit(cache=True)
def resolve_top(s):
    """4-7-3-5: the top counter resolves (its card then goes to the drop area, 10-10-4)."""
    e = chase_pop(RULES, s)
    slot = s[e + E_CARD]
    s[RESOLVED + s[RESOLVED_N]] = slot
    s[RESOLVED_N] += 1
    s[ZONE + slot] = DROP
    if s[e + E_NEGATED] != 0:
        return  # 10-10-5: negated, its effect does not resolve
    kind = s[KIND + slot]
    target = s[ORIGIN_SLOT]
    if kind == COUNTER_PLAY and s[ZONE + target] == PLAYING:
        s[ZONE + target] = DROP  # the play is negated
    elif kind == COUNTER_ATTACK and s[ZONE + target] == FIELD:
        s[ZONE + target] = DROP  # the attacker is KO-ed
    elif kind == COUNTER_COUNTER and chase_size(RULES, s) > 0:
        s[CHASE + (chase_size(RULES, s) - 1) * CHASE_ENTRY_W + E_NEGATED] = 1


@njit(cache=True)
def complete_original(s):
    """4-7-3-6: carry out the play (6-3-1-2-1-3) or the attack (7-1-4) if it still can be."""
    target = s[ORIGIN_SLOT]
    if s[ORIGIN_KIND] == ORIGIN_PLAY:
        if s[ZONE + target] != PLAYING:
            return
        s[ZONE + target] = FIELD
    else:
        if s[ZONE + target] != FIELD:
            return  # 7-1-4: the attack card is gone, the battle ends
        s[LIFE + 1 - s[ORIGIN_PLAYER]] -= 1
    s[COMPLETED + s[COMPLETED_N]] = s[ORIGIN_KIND]
    s[COMPLETED_N] += 1


@njit(cache=True)
def after_decline(s, T, result):
    """The flow a decline leads to: the counters resolve, then the counter timing ends (4-7-3-5,
    4-7-3-6) and the turn player's free timing resumes (6-3-1-2)."""
    r = result
    while r == Priority.RESOLVE:
        resolve_top(s)
        r = after_resolution(RULES, s)
    if r == Priority.COMPLETE:
        complete_original(s)
    set_decision(s, MAIN, s[TURN_PLAYER])


@njit(cache=True)
def apply_unchecked(s, T, a):
    d = s[H_DECISION]
    p = s[H_DECIDER]
    if d == MAIN:
        if a == PASS:
            s[TURN_PLAYER] = 1 - p
            set_decision(s, MAIN, 1 - p)
            return
        slot = a - CARD_BASE
        s[ORIGIN_SLOT] = slot
        s[ORIGIN_PLAYER] = p
        if s[ZONE + slot] == HAND:
            s[ZONE + slot] = PLAYING  # 6-3-1-2-1-1: the play is declared
            s[ORIGIN_KIND] = ORIGIN_PLAY
        else:
            s[RESTED + slot] = 1  # 7-1: the attack
            s[ORIGIN_KIND] = ORIGIN_ATTACK
        # 6-3-1-2-1-2 / 7-1-2, 4-7-3-2: the opponent answers first (no window is open at MAIN)
        open_window(RULES, s, 1 - p)
        counter_timing_point(s, T)
        return
    # COUNTER
    if a == PASS:
        after_decline(s, T, priority_pass(RULES, s, p))
        return
    slot = a - CARD_BASE
    s[ZONE + slot] = CHASE_ZONE  # 8-5-2-3: the [Counter] is activated
    s[BUILD + E_CARD] = slot
    s[BUILD + E_PLAYER] = p
    s[BUILD + E_NEGATED] = 0
    chase_push(RULES, s, BUILD)
    after_response(RULES, s, p)  # 4-7-3-3: the other player answers
    counter_timing_point(s, T)
