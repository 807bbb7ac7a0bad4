"""The chase: a stack of played cards and abilities, and priority passing over it.

FF-TCG calls it the stack (CR 11.1, 7.12), Force of Will the chase (CR 312, 600s: the priority
sequence); both work the same way, and this module is that mechanism once:

* the **chase** itself: fixed-width entries in the row, last in first out (``chase_push`` a copy
  of an entry the game built, ``chase_pop`` the top, ``chase_size``, ``chase_full``); what an
  entry holds is the game's (its source, ability, controller, targets ...);
* **passing priority** (``priority_pass``): a pass hands priority to the other player; the
  second pass in a row resolves the top of the chase or, with the chase empty, ends the step or
  priority sequence (FF-TCG CR 11.1.6 / 11.1.7, Force of Will 605.1b-c). The result is returned
  as a :class:`Priority` value, which the game maps onto its own flow;
* the **priority point** (``priority_point``, FF-TCG CR 11.1.3 / 11.1.4 / 12.3, Force of Will
  602.1): the rule processes first, then the pending automatic abilities (turn player's first,
  :mod:`tcg_env.engine.triggers`), then the priority decision, or a pass made for the player
  when the game allows no action there (FF-TCG CR 9.5.1.1: the End Phase).

The game supplies, in its hooks module (``tcg_env.engine.hooks``), the layout as constants:
``CHASE_COUNT``, ``CHASE`` (``[CHASE_MAX, CHASE_ENTRY_W]``), ``CHASE_MAX``, ``CHASE_ENTRY_W``,
``PRIORITY_PLAYER``, ``PASSES`` (row offsets) and ``PRIORITY_DECISION`` (its decision kind), and
the kernels ``rule_processes`` and, optionally, ``actions_allowed``, declared below; plus what
:mod:`tcg_env.engine.triggers` asks for the pending automatic abilities. A game's own kernels
call this module with their tag (``RULES``, defined in the game's ``constants``) as ``game``.

Force of Will (next) maps its priority sequence onto the same calls: 602.1a-c is
``priority_point`` (its rule processes and "choose and play triggered automatic abilities" as its
hooks), 605.1 is ``priority_pass`` (RESOLVE: the last card or ability put into the chase area
resolves, then the turn player gains priority; END_STEP: the priority sequence ends), and its
chase area is the chase, a card or a pseudo-card per entry.
"""

from enum import IntEnum

from tcg_env.engine.decisions import set_decision
from tcg_env.engine.hooks import constant, hook
from tcg_env.engine.jit import internal, internal_inline
from tcg_env.engine.triggers import NONE_PENDING, play_pending_abilities


class Priority(IntEnum):
    """What a pass or a priority point led to; the game maps it onto its flow."""

    PASS_ON = 0  # a first pass: the other player receives priority (FF CR 11.1.6, FoW 605.1c)
    RESOLVE = 1  # the second pass in a row, the chase not empty: resolve its top (FF 11.1.7, FoW 605.1b)
    END_STEP = 2  # the second pass in a row, the chase empty: the step / priority sequence ends
    STOPPED = 3  # the rule processes stopped the priority point (the game ended, or a decision)
    AUTOMATIC = 4  # a pending automatic ability was played, or its controller is to order several
    OFFERED = 5  # the priority decision is pending for the player with priority


chase_count_at = constant("CHASE_COUNT")
chase_at = constant("CHASE")
chase_max = constant("CHASE_MAX")
entry_width = constant("CHASE_ENTRY_W")
priority_player_at = constant("PRIORITY_PLAYER")
passes_at = constant("PASSES")
priority_decision = constant("PRIORITY_DECISION")


@internal
def _actions_always_allowed(s):
    return True


# the game's rules the priority point runs besides the pending abilities' (the contract:
# docs/architecture.md)
rule_processes = hook("rule_processes", "s, T")  # -> True when the priority point must stop
actions_allowed = hook("actions_allowed", "s", default=_actions_always_allowed)


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
def give_priority(game, s, player):
    """``player`` receives priority and the count of consecutive passes starts again (a new
    priority sequence, or after an action: FF-TCG CR 11.1.5, Force of Will 605.1a)."""
    s[priority_player_at(game)] = player
    s[passes_at(game)] = 0


@internal
def priority_pass(game, s, player):
    """``player`` passes: FF-TCG CR 11.1.6 / 11.1.7, Force of Will 605.1b-c."""
    at = passes_at(game)
    s[at] += 1
    if s[at] >= 2:
        s[at] = 0
        if s[chase_count_at(game)] > 0:
            return Priority.RESOLVE
        return Priority.END_STEP
    s[priority_player_at(game)] = 1 - player
    return Priority.PASS_ON


@internal_inline  # glue around the game's kernels: inlined (engine.jit)
def priority_point(game, s, T):
    """FF-TCG CR 11.1.3 / 11.1.4 / 12.3, Force of Will 602.1: the rule processes, then the pending
    automatic abilities, then priority for the player who has it, or a pass made for that player
    where the game allows no action (the game's ``actions_allowed``). Returns a :class:`Priority`."""
    if rule_processes(game, s, T):
        return Priority.STOPPED
    if play_pending_abilities(game, s, T) != NONE_PENDING:
        return Priority.AUTOMATIC
    p = s[priority_player_at(game)]
    if not actions_allowed(game, s):
        return priority_pass(game, s, p)
    set_decision(s, priority_decision(game), p)
    return Priority.OFFERED
