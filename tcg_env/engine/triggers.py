"""Pending automatic abilities: the abilities that have triggered and wait to be played.

Every game so far queues a triggered automatic ability until the next point where the rules play
them (FF-TCG CR 11.8.7: before a player would receive priority; Weiss Schwarz CR 8.7.2 / 8.5.1.2:
the standby abilities at a check timing; Force of Will CR 603: in the priority sequence), and
plays the turn player's first, its controller choosing the order of several (FF-TCG 11.8.7,
Weiss Schwarz 8.5.1.2-3, Force of Will 603.2). This module keeps those lists in the state row, once
for every game: per player a count and a run of ``PENDING_W``-word entries (the source card's
slot, the ability's row in the card tables, an auxiliary word: the card or player the trigger was
about).

The row layout comes from the game's hooks module, as compile-time constants on the game's tag
(``tcg_env.engine.hooks.constant``): ``PENDING_COUNT`` (the two counts), ``PENDING`` (the lists,
``[2, PENDING_MAX, PENDING_W]``), ``PENDING_MAX`` (entries per player). A game's own kernels call
these functions with their tag (``RULES``, defined in the game's ``constants``) as ``game``.
``play_pending_abilities`` also needs ``TURN_PLAYER`` (the row offset of the turn player) and the
game's kernels ``play_pending`` and ``order_pending``, declared below.
"""

from tcg_env.engine.hooks import constant, hook
from tcg_env.engine.jit import internal, internal_inline

PENDING_W = 3  # words of one pending entry
PE_SLOT = 0  # the source card's slot
PE_ABIL = 1  # the ability's row in the ability table
PE_AUX = 2  # what the trigger was about (a slot, a player, or -1)

pending_count_at = constant("PENDING_COUNT")
pending_at = constant("PENDING")
pending_max = constant("PENDING_MAX")
turn_player_at = constant("TURN_PLAYER")

# the game's rules for playing them (the contract: docs/architecture.md); each returns a status
# of the game's, never NONE_PENDING
play_pending = hook("play_pending", "s, T, player, i")  # play player's pending ability i now
order_pending = hook("order_pending", "s, T, player, n")  # player chooses which of its n goes first

NONE_PENDING = -1  # play_pending_abilities: no automatic ability was pending


@internal
def pending_count(game, s, player):
    """How many automatic abilities ``player`` has pending."""
    return s[pending_count_at(game) + player]


@internal
def pending_entry(game, s, player, i):
    """The row offset of ``player``'s pending entry ``i`` (read ``s[e + PE_SLOT]`` ...)."""
    return pending_at(game) + (player * pending_max(game) + i) * PENDING_W


@internal
def pending_add(game, s, player, slot, arow, aux):
    """Queue an automatic ability of ``player``'s; at capacity it is dropped (documented in each
    game's rules coverage). Returns whether it was queued."""
    at = pending_count_at(game) + player
    n = s[at]
    if n >= pending_max(game):
        return False
    e = pending_entry(game, s, player, n)
    s[e + PE_SLOT] = slot
    s[e + PE_ABIL] = arow
    s[e + PE_AUX] = aux
    s[at] = n + 1
    return True


@internal
def pending_remove(game, s, player, i):
    """Remove ``player``'s pending entry ``i``; the later ones move up, keeping their order."""
    at = pending_count_at(game) + player
    n = s[at]
    e = pending_entry(game, s, player, i)
    for k in range((n - 1 - i) * PENDING_W):
        s[e + k] = s[e + PENDING_W + k]
    s[at] = n - 1


@internal
def pending_take(game, s, player, i):
    """Remove ``player``'s pending entry ``i`` and return it: ``(slot, ability row, aux)``."""
    e = pending_entry(game, s, player, i)
    slot = s[e + PE_SLOT]
    arow = s[e + PE_ABIL]
    aux = s[e + PE_AUX]
    pending_remove(game, s, player, i)
    return slot, arow, aux


@internal
def pending_next(game, s, turn_player):
    """The player whose pending abilities are played next: the turn player's first (FF-TCG CR
    11.8.7, Weiss Schwarz 8.5.1.2, Force of Will 603.2), then the other's; -1 when none is pending."""
    at = pending_count_at(game)
    if s[at + turn_player] > 0:
        return turn_player
    if s[at + 1 - turn_player] > 0:
        return 1 - turn_player
    return -1


@internal
def pending_none(game, s):
    """No automatic ability is pending for either player."""
    at = pending_count_at(game)
    return s[at] == 0 and s[at + 1] == 0


@internal_inline  # glue around the game's kernels: inlined (engine.jit)
def play_pending_abilities(game, s, T):
    """The pending automatic abilities: the turn player's first; one is played at once, several
    are ordered by their controller (FF-TCG CR 11.8.7, Weiss Schwarz 8.5.1.2-3, Force of Will
    603.2). Returns ``NONE_PENDING`` when none is pending, else what the game's ``play_pending`` /
    ``order_pending`` returned."""
    p = pending_next(game, s, s[turn_player_at(game)])
    if p < 0:
        return NONE_PENDING
    n = pending_count(game, s, p)
    if n == 1:
        return play_pending(game, s, T, p, 0)
    return order_pending(game, s, T, p, n)
