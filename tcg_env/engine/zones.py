"""Ordered zone lists inside a state row.

A zone of one player is a count word plus a run of ``capacity`` words holding card-slot numbers;
index ``count - 1`` is the top (decks) or the newest card. Order is kept on removal so that hand
and field indices stay stable for agents (an action "hand slot 3" names the same card until a card
before it leaves).
"""

from numba import njit


@njit(cache=True)
def zone_push(s, count_off, run_off, slot):
    n = s[count_off]
    s[run_off + n] = slot
    s[count_off] = n + 1
    return n


@njit(cache=True)
def zone_push_bottom(s, count_off, run_off, slot):
    n = s[count_off]
    for i in range(n, 0, -1):
        s[run_off + i] = s[run_off + i - 1]
    s[run_off] = slot
    s[count_off] = n + 1


@njit(cache=True)
def zone_find(s, count_off, run_off, slot):
    """Index of ``slot`` in the zone, -1 if absent. A slot is in a zone at most once, so the
    search runs from the top down: the card looked for is most often the top or newest one (the
    top of a deck revealed or moved, the card just put into a zone): Weiss Schwarz's apply took
    ~1-5% fewer TSC cycles than with the search from the bottom (2026-11-25)."""
    n = s[count_off]
    i = n - 1
    while i >= 0:
        if s[run_off + i] == slot:
            return i
        i -= 1
    return -1


@njit(cache=True)
def zone_remove_at(s, count_off, run_off, index):
    n = s[count_off]
    slot = s[run_off + index]
    for i in range(index, n - 1):
        s[run_off + i] = s[run_off + i + 1]
    s[run_off + n - 1] = -1
    s[count_off] = n - 1
    return slot


@njit(cache=True)
def zone_remove(s, count_off, run_off, slot):
    i = zone_find(s, count_off, run_off, slot)
    if i >= 0:
        zone_remove_at(s, count_off, run_off, i)
    return i


@njit(cache=True)
def zone_pop_top(s, count_off, run_off):
    n = s[count_off]
    if n == 0:
        return -1
    slot = s[run_off + n - 1]
    s[run_off + n - 1] = -1
    s[count_off] = n - 1
    return slot
