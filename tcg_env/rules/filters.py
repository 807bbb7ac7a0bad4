"""The standard filter vocabulary: "a Forward of cost 3 or less your opponent controls".

Every game's effects choose cards by a filter row of its card tables (``filter_table(T)[frow]``)
and ask ``filter_match(s, T, frow, slot, viewer, source)``. Most of what a filter says is the same
in the three games, under different column names: a card type, a zone, whose card it is, a colour
(element, attribute), a bound on a number (cost, power, level), a name or a trait among a card's
few, upright or turned, "other than this card". This module gives each of those words as a
predicate over the filter row's value and the card's (``passes_*``), each passing when the filter
holds its "any" value, so that a game's ``filter_match`` is one line per word it uses, in the order
it chooses, plus its own words (Force of Will's [Barrier], Weiss Schwarz's stage positions and
relations to the source).

Why predicates the game calls, not a declared table the layer interprets: an interpreter over a
declared word table (a loop over the words, a branch on each word's kind, the table a frozen
constant) was tried first. LLVM does not unroll a loop of that size, and FF-TCG's filter test
took 8.7-9.0 ns against 4.7-4.9 ns for the game's own ``filter_match`` (its real filter rows on a
random position, every row against every slot, both compiled without reference counting as the
games' kernels are; one sitting, 2026-11-28). Inlined at numba's IR level (``internal_inline``),
each predicate compiles to the test the game wrote by hand: FF-TCG's ``filter_match`` written with
them (``tests/rules/test_filters.py``) took 4.6-4.7 ns against 4.4-4.5 ns in the same sitting,
within the machine's noise, and the game keeps its order (the cheap and selective words first).
"""

from __future__ import annotations

from tcg_env.engine.jit import internal_inline

NO_VALUE = -(1 << 62)  # a card without the number (FF-TCG: a non-Forward's power): no bound on it matches


@internal_inline
def passes_bits_of_value(mask, value):
    """``value`` (a card type, an element, a colour) is one of the bits of ``mask`` (0: any)."""
    return mask == 0 or (mask & (1 << value)) != 0


@internal_inline
def passes_bits(mask, bits):
    """The card's ``bits`` (Force of Will's attributes) share one with ``mask`` (0: any)."""
    return mask == 0 or (mask & bits) != 0


@internal_inline
def passes_equals(want, value):
    """``value`` (a name, a job, a category id) is ``want`` (0: any)."""
    return want == 0 or value == want


@internal_inline
def passes_equals_any2(want, v0, v1):
    """One of a card's two values (races) is ``want`` (0: any)."""
    return want == 0 or v0 == want or v1 == want


@internal_inline
def passes_equals_any3(want, v0, v1, v2):
    """One of a card's three values (traits) is ``want`` (0: any)."""
    return want == 0 or v0 == want or v1 == want or v2 == want


@internal_inline
def passes_at_least(bound, value):
    """``value`` is at least ``bound`` (a negative bound: none); ``NO_VALUE`` matches no bound."""
    return bound < 0 or (value != NO_VALUE and value >= bound)


@internal_inline
def passes_at_most(bound, value):
    """``value`` is at most ``bound`` (a negative bound: none); ``NO_VALUE`` matches no bound."""
    return bound < 0 or (value != NO_VALUE and value <= bound)


@internal_inline
def passes_range(lo, hi, value):
    """``passes_at_least(lo, value) and passes_at_most(hi, value)``."""
    return passes_at_least(lo, value) and passes_at_most(hi, value)


@internal_inline
def passes_side(side, own, opponent, holder, viewer):
    """Whose card: ``side`` is the filter's value, ``own`` / ``opponent`` the game's values for
    "the viewer's" / "the viewer's opponent's" (anything else: either); ``holder`` the player the
    card belongs to now (``holder_of``)."""
    if side == own:
        return holder == viewer
    if side == opponent:
        return holder != viewer
    return True


@internal_inline
def holder_of(s, owner_word, controller_word, controlled):
    """The player a card belongs to for a filter: its controller where ``controlled`` (the card is
    in a zone where control exists: the field, the chase; FF-TCG CR 6.2, Force of Will CR
    105.3a), its owner elsewhere. ``owner_word`` / ``controller_word``: the card's record words'
    offsets (``OWNER + slot * CARD_W``)."""
    return s[controller_word] if controlled else s[owner_word]


@internal_inline
def passes_state(state, upright, turned, turned_now):
    """``state`` is the filter's value, ``upright`` / ``turned`` the game's values for "active /
    recovered / standing" and "dull / rested" (anything else: either); ``turned_now`` the card's."""
    if state == upright:
        return not turned_now
    if state == turned:
        return turned_now
    return True


@internal_inline
def passes_not_source(exclude, slot, source):
    """Not the ability's own card when ``exclude`` is not 0."""
    return exclude == 0 or slot != source


@internal_inline
def passes_zone(code, zone, zones):
    """The card is in ``zones[code]`` (``zones``: the game's zone for each of its filter-zone
    codes, a tuple constant); a code past the tuple (or negative): any zone."""
    return code < 0 or code >= len(zones) or zone == zones[code]
