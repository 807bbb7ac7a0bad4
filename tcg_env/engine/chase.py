"""The chase: a stack of played cards and abilities, and the response window around it.

FF-TCG calls it the stack (CR 11.1, 7.12), Force of Will the chase (CR 312, 600s: the priority
sequence), the Dragon Ball Super Card Game has its counter timing (rules 1.073, 4-7); each is a
window in which players answer an action by putting cards or abilities on a last-in-first-out
pile, and this module is that mechanism once:

* the **chase** itself: fixed-width entries in the row, last in first out (``chase_push`` a copy
  of an entry the game built, ``chase_pop`` the top, ``chase_size``, ``chase_full``); what an
  entry holds is the game's (its source, ability, controller, targets ...);
* **passing** (``priority_pass``): a pass hands priority to the other player until the declared
  number of passes in a row closes the window; the window then resolves its top or, with the
  chase empty, ends (the step / priority sequence ends, or the original action completes). The
  result is returned as a :class:`Priority` value, which the game maps onto its own flow;
* **responding** (``after_response``) and **after a resolution** (``after_resolution``): who
  decides next, and whether the window opens again;
* the **priority point** (``priority_point``, FF-TCG CR 11.1.3 / 11.1.4 / 12.3, Force of Will
  602.1, DBSCG 4-7-3-1): the rule processes first, then (where the game's window plays them) the
  pending automatic abilities (turn player's first, :mod:`tcg_env.engine.triggers`), then the
  priority decision, or a pass made for that player when the game allows no action there (FF-TCG
  CR 9.5.1.1: the End Phase);
* **opening a window** explicitly (``open_window``, ``window_is_open``) and the **actions allowed
  in it** (``window_mask``), for a game whose windows answer one action (DBSCG 4-7-2).

How a game declares its window
------------------------------
Compile-time declarations in its hooks module (module-level ints, read with
``tcg_env.engine.hooks.constant``; the defaults are FF-TCG's and Force of Will's priority, so
those games declare nothing, and their compiled code has no branch on them: each is a constant
LLVM folds):

``WINDOW_CLOSING_PASSES`` (default 2)
    consecutive passes that close the window: both players in a row (FF-TCG CR 11.1.7, Force of
    Will 605.1b) or one decline (DBSCG 4-7-3-2 / 4-7-3-3 / 4-7-3-4: the player to answer "proceeds
    to 4-7-3-5 / 4-7-3-6").
``WINDOW_ON_CLOSE`` (a :class:`WindowClose`, default ``RESOLVE_TOP_AND_REOPEN``)
    what a closed window does with its chase: resolve the top, after which the turn player gains
    priority and the window opens again (FF-TCG CR 11.1.5 / 11.1.7, Force of Will 605.1b), or
    resolve every entry, the last activated first, without opening again (DBSCG 4-7-3-5).
``WINDOW_COMPLETES_ORIGINAL`` (default 0)
    1: when the window ends, the action that opened it (a play, an attack, a skill) is carried out
    now if it still can be (DBSCG 4-7-3-6): the window's end is ``Priority.COMPLETE`` rather than
    ``END_STEP``, and the game checks and completes it.
``WINDOW_RESPONDER_KEEPS_PRIORITY`` (default 1)
    after a response the player who made it keeps priority (Force of Will 605.1a; FF-TCG's play
    kernels likewise leave priority where it was) or, 0, the other player answers (DBSCG 4-7-3-3 /
    4-7-3-4).
``WINDOW_PLAYS_PENDING_ABILITIES`` (default 1)
    the priority point plays pending automatic abilities (FF-TCG CR 11.1.4, Force of Will 602.1b)
    or, 0, runs only the rule processes (DBSCG 4-7-3-1: automatic skills wait for the checkpoint,
    4-5, that follows the counter timing, e.g. 7-1-3).

and, for a game that opens windows on an action (``open_window``): ``WINDOW``, the row offset of a
word that says a window is open (DBSCG 4-7-2-5: no window opens inside one); for ``window_mask``:
``PASS_ACTION`` (the action that passes / declines) and the kernel ``response_allowed(s, T, player,
a) -> bool``, which actions other than the pass ``player`` may take in the window (DBSCG 10-10-1:
only the [Counter] skills the window's action made pending, 10-10-3).

The game supplies, in its hooks module (``tcg_env.engine.hooks``), the layout as constants:
``CHASE_COUNT``, ``CHASE`` (``[CHASE_MAX, CHASE_ENTRY_W]``), ``CHASE_MAX``, ``CHASE_ENTRY_W``,
``PRIORITY_PLAYER``, ``PASSES`` (row offsets) and ``PRIORITY_DECISION`` (its decision kind), and
the kernels ``rule_processes`` and, optionally, ``actions_allowed``, declared below; plus what
:mod:`tcg_env.engine.triggers` asks for the pending automatic abilities (also where the window does
not play them: the priority point is compiled with that call, folded away). A game's own kernels
call this module with their tag (``RULES``, defined in the game's ``constants``) as ``game``.

Force of Will maps its priority sequence onto the same calls: 602.1a-c is ``priority_point`` (its
rule processes and "choose and play triggered automatic abilities" as its hooks), 605.1 is
``priority_pass`` (RESOLVE: the last card or ability put into the chase area resolves, then the
turn player gains priority; END_STEP: the priority sequence ends), and its chase area is the chase,
a card or a pseudo-card per entry. The DBSCG counter timing is shown on a toy game,
tests/engine/toy_counter_timing.py.
"""

from enum import IntEnum

from tcg_env.engine.decisions import set_decision
from tcg_env.engine.hooks import constant, hook, num_actions
from tcg_env.engine.jit import internal, internal_inline
from tcg_env.engine.triggers import NONE_PENDING, play_pending_abilities, turn_player_at


class Priority(IntEnum):
    """What a pass, a resolution or a priority point led to; the game maps it onto its flow."""

    PASS_ON = 0  # a pass that does not close the window: the other player receives priority (FF CR 11.1.6, FoW 605.1c)
    RESOLVE = 1  # the window closed (or resolves all) with the chase not empty: resolve its top (FF 11.1.7, FoW 605.1b, DBSCG 4-7-3-5)
    END_STEP = 2  # the window closed with the chase empty: the step / priority sequence / window ends
    STOPPED = 3  # the rule processes stopped the priority point (the game ended, or a decision)
    AUTOMATIC = 4  # a pending automatic ability was played, or its controller is to order several
    OFFERED = 5  # the priority decision is pending for the player with priority
    COMPLETE = 6  # the window ended; the action that opened it is carried out if it still can be (DBSCG 4-7-3-6)
    REOPEN = 7  # an entry resolved and the window opens again: the turn player has priority (FF 11.1.5, FoW 605.1b)


class WindowClose(IntEnum):
    """What a window does with its chase once the passes close it (``WINDOW_ON_CLOSE``)."""

    RESOLVE_TOP_AND_REOPEN = 0  # FF-TCG CR 11.1.5 / 11.1.7, Force of Will 605.1b
    RESOLVE_ALL = 1  # DBSCG 4-7-3-5: every entry, the last activated first, then the window ends (4-7-3-6)


NO_WINDOW_WORD = -1  # WINDOW of a game that never opens a window explicitly (its window is its priority sequence)

chase_count_at = constant("CHASE_COUNT")
chase_at = constant("CHASE")
chase_max = constant("CHASE_MAX")
entry_width = constant("CHASE_ENTRY_W")
priority_player_at = constant("PRIORITY_PLAYER")
passes_at = constant("PASSES")
priority_decision = constant("PRIORITY_DECISION")

# the game's window, declared (module docstring); the defaults are FF-TCG's and Force of Will's
closing_passes = constant("WINDOW_CLOSING_PASSES", default=2)
on_close = constant("WINDOW_ON_CLOSE", default=WindowClose.RESOLVE_TOP_AND_REOPEN)
completes_original = constant("WINDOW_COMPLETES_ORIGINAL", default=0)
responder_keeps_priority = constant("WINDOW_RESPONDER_KEEPS_PRIORITY", default=1)
plays_pending_abilities = constant("WINDOW_PLAYS_PENDING_ABILITIES", default=1)
pass_action = constant("PASS_ACTION")
# the open-window word: required where a window is opened (open_window, window_is_open); the end of
# a window clears it where the game has one and compiles to nothing where it has none
window_at = constant("WINDOW")
window_at_if_any = constant("WINDOW", default=NO_WINDOW_WORD)


@internal
def _actions_always_allowed(s):
    return True


# the game's rules the priority point runs besides the pending abilities' (the contract:
# docs/architecture.md)
rule_processes = hook("rule_processes", "s, T")  # -> True when the priority point must stop
actions_allowed = hook("actions_allowed", "s", default=_actions_always_allowed)
# which actions other than the pass ``player`` may take in the window (window_mask's callers only)
response_allowed = hook("response_allowed", "s, T, player, a")


@internal
def chase_size(game, s):
    """The number of entries on the chase."""
    return s[chase_count_at(game)]


@internal
def chase_full(game, s):
    """No room for another entry (the game refuses, or drops, what would go on)."""
    return s[chase_count_at(game)] >= chase_max(game)


@internal
def chase_push(game, s, src):
    """Put a copy of the entry at row offset ``src`` on top of the chase; False (nothing done)
    when it is full."""
    n = s[chase_count_at(game)]
    if n >= chase_max(game):
        return False
    w = entry_width(game)
    dst = chase_at(game) + n * w
    for k in range(w):
        s[dst + k] = s[src + k]
    s[chase_count_at(game)] = n + 1
    return True


@internal
def chase_pop(game, s):
    """Take the top entry off the chase; returns its row offset, whose words stay as they were
    until the next push (the caller copies what it keeps)."""
    n = s[chase_count_at(game)] - 1
    s[chase_count_at(game)] = n
    return chase_at(game) + n * entry_width(game)


@internal
def chase_remove_at(game, s, k):
    """Take entry ``k`` (0: the bottom) off the chase wherever it stands: the entries above it move
    down one place, keeping their order (a spell or a Summon cancelled under others: Force of Will
    CR 1012.1, FF-TCG's "Cancel its effect")."""
    n = s[chase_count_at(game)]
    w = entry_width(game)
    base = chase_at(game)
    for j in range(k, n - 1):
        for x in range(w):
            s[base + j * w + x] = s[base + (j + 1) * w + x]
    s[chase_count_at(game)] = n - 1


@internal
def give_priority(game, s, player):
    """``player`` receives priority and the count of consecutive passes starts again (a new
    priority sequence, or after an action: FF-TCG CR 11.1.5, Force of Will 605.1a)."""
    s[priority_player_at(game)] = player
    s[passes_at(game)] = 0


@internal
def window_is_open(game, s):
    """Whether a window opened by ``open_window`` is open (until it ends: its entries resolved)."""
    return s[window_at(game)] != 0


@internal
def open_window(game, s, player):
    """A window opens on an action, ``player`` (the acting player's opponent, DBSCG 4-7-3-2) first
    to answer: DBSCG 4-7-2-1 to 4-7-2-4. False, and nothing done, while a window is open: "during a
    counter timing, a new counter timing cannot occur" (4-7-2-5); the game then goes on with the
    action at once."""
    at = window_at(game)
    if s[at] != 0:
        return False
    s[at] = 1
    give_priority(game, s, player)
    return True


@internal_inline  # a few constants: inlined (engine.jit)
def window_ends(game, s):
    """The window ends with its chase empty: COMPLETE where the game's windows complete the action
    that opened them (DBSCG 4-7-3-6), else END_STEP; its open-window word, if any, is cleared."""
    at = window_at_if_any(game)
    if at != NO_WINDOW_WORD:
        s[at] = 0
    if completes_original(game) != 0:
        return Priority.COMPLETE
    return Priority.END_STEP


@internal
def priority_pass(game, s, player):
    """``player`` passes (declines): once ``WINDOW_CLOSING_PASSES`` passes in a row close the window,
    its top resolves or, with the chase empty, the window ends (FF-TCG CR 11.1.6 / 11.1.7, Force of
    Will 605.1b-c: the second pass in a row; DBSCG 4-7-3-2 to 4-7-3-4: one decline); before that
    the other player receives priority."""
    at = passes_at(game)
    s[at] += 1
    if s[at] >= closing_passes(game):
        s[at] = 0
        if s[chase_count_at(game)] > 0:
            return Priority.RESOLVE
        return window_ends(game, s)
    s[priority_player_at(game)] = 1 - player
    return Priority.PASS_ON


@internal
def after_response(game, s, player):
    """``player`` answered in the window (its entry is on the chase): the consecutive passes start
    again, and priority stays with ``player`` (Force of Will 605.1a) or, where the game declares
    ``WINDOW_RESPONDER_KEEPS_PRIORITY = 0``, goes to the other player, who "didn't activate the
    [Counter] skill before" (DBSCG 4-7-3-3 / 4-7-3-4)."""
    if responder_keeps_priority(game) != 0:
        give_priority(game, s, player)
    else:
        give_priority(game, s, 1 - player)


@internal
def after_resolution(game, s):
    """The top entry has resolved (the game's resolution finished). Resolving the top and reopening
    (FF-TCG CR 11.1.5, Force of Will 605.1b): the turn player gains priority, REOPEN. Resolving all
    (DBSCG 4-7-3-5): RESOLVE while entries are left, the last activated first, then the window ends
    (4-7-3-6: COMPLETE or END_STEP, ``window_ends``); no one is offered priority in between."""
    if on_close(game) == WindowClose.RESOLVE_ALL:
        if s[chase_count_at(game)] > 0:
            return Priority.RESOLVE
        return window_ends(game, s)
    give_priority(game, s, s[turn_player_at(game)])
    return Priority.REOPEN


@internal_inline  # glue around the game's kernels: inlined (engine.jit)
def priority_point(game, s, T):
    """FF-TCG CR 11.1.3 / 11.1.4 / 12.3, Force of Will 602.1, DBSCG 4-7-3-1: the rule processes,
    then the pending automatic abilities (where the game's window plays them,
    ``WINDOW_PLAYS_PENDING_ABILITIES``), then priority for the player who has it, or a pass made for
    that player where the game allows no action (the game's ``actions_allowed``). Returns a
    :class:`Priority`."""
    if rule_processes(game, s, T):
        return Priority.STOPPED
    if plays_pending_abilities(game) != 0 and play_pending_abilities(game, s, T) != NONE_PENDING:
        return Priority.AUTOMATIC
    p = s[priority_player_at(game)]
    if not actions_allowed(game, s):
        return priority_pass(game, s, p)
    set_decision(s, priority_decision(game), p)
    return Priority.OFFERED


@internal
def window_mask(game, s, T, mask):
    """The legal actions of the player with priority in the window, into ``mask[:NUM_ACTIONS]``: the
    pass (declining: DBSCG 4-7-3-2 "proceeds to 4-7-3-6") and each action the game's
    ``response_allowed`` allows (DBSCG 10-10-1: only [Counter] skills). Returns their number."""
    p = s[priority_player_at(game)]
    decline = pass_action(game)
    n = 0
    for a in range(num_actions(game)):
        if a == decline or response_allowed(game, s, T, p, a):
            mask[a] = 1
            n += 1
        else:
            mask[a] = 0
    return n
