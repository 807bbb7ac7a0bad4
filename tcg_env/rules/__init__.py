"""The shared rules layer: rules most card games share, above the engine core, below the games.

The core (:mod:`tcg_env.engine`) runs any game: the row, zones, decisions, the effect interpreter,
the chase, the batch and policy drivers. This layer holds *rules* that card games have in common
and that each game used to write for itself, as kernels a game calls with its tag (``game``: the
game's :class:`~tcg_env.engine.hooks.Rules`) and tables it declares once against its state layout:

- :mod:`tcg_env.rules.modifiers`: changes to a card's numbers, keywords and restrictions that last
  for a duration (until the end of the turn, of the battle, of the opponent's next turn, while the
  card stays where it is), their end at that point, and what a card forgets when it changes zones
  (a card that moves is a new card);
- :mod:`tcg_env.rules.costs`: paying a cost of typed (coloured, attributed) and generic units from
  a pool in the row, or checking it against counts of typed sources;
- :mod:`tcg_env.rules.filters`: the standard filter words, as predicates a game's
  ``filter_match`` calls in its own order;
- :mod:`tcg_env.rules.triggers`: one card's automatic abilities that an event triggers, queued on
  the core's pending lists;
- :mod:`tcg_env.rules.choices`: the common decisions' masks and decodes (yes / no, one of N, a
  hand card, the order of pending abilities) over the blocks of the game's action layout.

What stays a game's is asked through its tag: ``game.<name>(...)`` (a rules method: the game's
kernel of that name, a variant's where it replaces it) or a hook declared here with
:func:`tcg_env.engine.hooks.hook` and a default. Imports flow downward only: this package imports
:mod:`tcg_env.engine`, never a game (``tests/test_import_directions.py``).
"""
