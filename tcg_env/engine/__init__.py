"""The shared numba core of every game: the state row, and the kernels that run a game's rules.

Every game keeps its whole state in one int32 array ``states[B, S]`` (a batch of B games). This
package never names a game; a game plugs in through the hooks of :mod:`tcg_env.engine.hooks`:

* :mod:`~tcg_env.engine.header` -- the fields every row starts with (done, winner, the pending
  decision, the RNG words), so generic code reads them without knowing the game;
* :mod:`~tcg_env.engine.layout`, :mod:`~tcg_env.engine.zones`, :mod:`~tcg_env.engine.rng`,
  :mod:`~tcg_env.engine.tables` -- named offsets into the row and exact field-by-field snapshots,
  ordered zone lists and the zone table a game declares them in (moves, shuffles, lists and
  determinization for every game), the RNG inside the row, the packed card tables;
* :mod:`~tcg_env.engine.decisions` -- the pending decision and the end of a game;
* :mod:`~tcg_env.engine.triggers`, :mod:`~tcg_env.engine.chase` -- the pending automatic
  abilities (turn player's first) and the chase (a stack of played cards and abilities) in a
  response window the game declares: passes, the priority point, results a game maps onto its
  flow (FF-TCG's stack, Force of Will's chase area, the Dragon Ball Super counter timing);
* :mod:`~tcg_env.engine.hooks` -- the contract: the kernels a game provides, reached at compile
  time through the game's :class:`~tcg_env.engine.hooks.Rules` tag;
* :mod:`~tcg_env.engine.rows`, :mod:`~tcg_env.engine.batch`, :mod:`~tcg_env.engine.policy` -- a new
  game, checked steps, the facade's entry; B games per call; the in-kernel agents, playouts and
  determinization -- written once for every game;
* :mod:`~tcg_env.engine.api` -- all of it bound to one game (``GameSpec.kernels``);
* :mod:`~tcg_env.engine.effects` -- effect programs: the instruction format, the shared opcodes,
  target registers and the interpreter loop every game runs its card effects with.

Why one int32 row rather than a NamedTuple of arrays: clone, save and restore are single slice
copies, a batch is more rows, numba sees one array type (fast compiles, one cache entry per kernel
and game), and the same layout code serves every game. docs/architecture.md is the full contract.
"""
