"""Numba kernels and helpers shared by every game: state layout, RNG, zone lists.

Every game keeps its whole state in one int32 array ``states[B, S]`` (a batch of B games). This
package gives the pieces that do not depend on a game's rules:

* :mod:`tcg_env.engine.header` -- the fields every game's row starts with (done, winner, the
  pending decision, the RNG words), so generic code reads them without knowing the game;
* :mod:`tcg_env.engine.layout` -- a builder of named offsets into the row, plus exact
  field-by-field snapshots (``to_fields`` / ``from_fields``);
* :mod:`tcg_env.engine.rng` -- xorshift128 kept inside the row (clone = copy the row);
* :mod:`tcg_env.engine.zones` -- ordered zone lists (deck, hand, field, ...) stored as
  ``[count][capacity]`` runs of the row, and the zone table a game declares them in, with which
  the core moves, shuffles, lists and re-deals cards for every game;
* :mod:`tcg_env.engine.decisions` -- the pending decision and the end of a game.

Why one int32 row rather than a NamedTuple of arrays: clone, save and restore are single slice
copies, a batch is more rows, numba sees one array type (fast compiles, one cache entry per
kernel), and the same layout code serves all four games (Weiss Schwarz's stage positions, Force of
Will's chase, DBSCG's energy and combo areas are all zone runs and per-card fields).
"""
