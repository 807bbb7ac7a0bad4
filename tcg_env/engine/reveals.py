"""A player's latest reveal, kept in the state row: the same in every game.

A revealed card is shown to every player ("Reveal the top card of your deck", "reveal the top N
cards", "turn over cards until ..."), and a reveal most often ends with no decision between the
moment the card is shown and the moment it goes back into a hidden zone (the deck's bottom, a
stock) or somewhere public. An observation is written only at decisions, so without a record no
observation would ever show what both players saw: the card-text compilers had to call such lines
approximate. The record keeps, per player, the card ids of that player's latest reveal (the card an
effect takes first, then the others in the order they were shown), up to ``rows`` cards.

Card ids, not slots: a determinization deals the card ids of the hidden zones anew among their
slots (``zones.deal_anew``), and what a player saw must stay as it was seen; the record says which
cards were shown, not where they are now.

A game declares the words with :func:`declare_reveals` in its ``state.py`` and keeps the offsets
(``REVEALED_N``, ``REVEALED``); its effect opcodes call :func:`reveal_begin` when a reveal starts
and :func:`reveal_card` for each card shown; its observation reads :func:`revealed_count` and
:func:`revealed_card` into a block of its own card columns (FF-TCG's ``revealed``).
"""

from __future__ import annotations

from tcg_env.engine.jit import internal


def declare_reveals(layout, rows: int, players: int = 2) -> tuple[int, int]:
    """Add the record's words to a game's :class:`~tcg_env.engine.layout.StateLayout`: a count per
    player (``revealed_count``) and ``rows`` card ids per player (``revealed_cards``). Returns
    their offsets (count, ids)."""
    return layout.add("revealed_count", players), layout.add("revealed_cards", (players, rows))


@internal
def reveal_begin(s, count_off, player):
    """A new reveal of ``player`` starts: the previous one is forgotten."""
    s[count_off + player] = 0


@internal
def reveal_card(s, count_off, ids_off, rows, player, card_id):
    """Card ``card_id`` is shown by ``player``'s current reveal (kept while fewer than ``rows``
    are: a reveal of more keeps its first ``rows`` cards)."""
    k = s[count_off + player]
    if k < rows:
        s[ids_off + player * rows + k] = card_id
        s[count_off + player] = k + 1


@internal
def revealed_count(s, count_off, player):
    return s[count_off + player]


@internal
def revealed_card(s, ids_off, rows, player, k):
    """The card id of the ``k``-th card of ``player``'s latest reveal (``k`` < its count)."""
    return s[ids_off + player * rows + k]
