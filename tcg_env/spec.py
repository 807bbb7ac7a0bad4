"""One spec object per game: names, sizes, defaults and the kernels that run it.

Everything above the game layer (the facade in ``tcg_env.game``, the envs in ``tcg_env.envs``,
agents, benchmarks) reaches a game only through its :class:`GameSpec`, so a new game plugs in by
registering one spec (see ``tcg_env.registry``).

Kernels: ``kernels`` is the engine core bound to the game (:class:`tcg_env.engine.api.GameKernels`,
built on first use from the game's hooks module; all state in one int32 array ``states[B, S]``):

* row level: ``reset_row``, ``apply_row`` (checked; 0 or a negative error code, the row untouched),
  ``step_and_mask_row``, ``legal_mask_row``, ``observe_row``, ``row_entry`` (the facade's one
  compiled entry, ``ROW_*`` operations);
* batch level: ``reset_batch``, ``step_batch``, ``write_outputs_batch``, ``random_play_batch``,
  ``random_finish_batch``;
* agents: ``seed_agent_rng(n, seed)`` -> ``n`` agent RNG rows (independent of the games' own RNG),
  ``choose_action_row``, ``agent_actions_batch``, ``playout_batch`` (in-kernel agents
  ``AGENT_RANDOM`` / ``AGENT_HEURISTIC``), ``determinize_row`` / ``determinize_batch(states,
  tables, players, agent_rng)``: in each row, resample in place what ``players[b]`` cannot see,
  leaving everything that player observes as it was, and reseed the game's RNG. Search agents use
  it; the conformance kit (``tests/conformance``) uses it to check that observations hide the
  hidden zones.

The game provides the rules behind them through the hooks of :mod:`tcg_env.engine.hooks`
(docs/architecture.md, "The contract").

Common header: every game's state row starts with the fields of
``tcg_env.engine.header`` so generic code reads done / winner / current player the same way.

Python-level hooks for checks and tools (not hot paths):

* ``max_decisions``: the decision count at which the engine ends a game as a draw; every game
  ends (done, with a winner or a draw) within it.
* ``card_zones(row) -> CardZones``: where every card of the game in ``row`` is, read from the
  zone lists of the state (see :class:`CardZones`). The conformance kit checks card conservation
  with it: every card slot in exactly one zone, each player's card total constant.
* ``zones``: the game's :class:`tcg_env.engine.zones.ZoneTable` (its ``state.ZONES``, filled in by
  ``tcg_env.adapter.game_spec``): its list zones and who sees them. The conformance kit deals the
  piles ``zones.hidden_piles(viewer)`` names anew (their cards ``zones.pile_slots`` gives, without
  the revealed ones), in Python, and checks ``viewer``'s observation
  is unchanged (the declaration checked against the observation, apart from ``resample_hidden``).

Python-level hooks above the game layer (agents, the CLI, matchups, training ask these; nothing
outside ``tcg_env/games/`` imports a game's modules or branches on its name):

* ``decisions``: the IntEnum of the game's decision kinds (``Game.decision``); ``max_deck``: the
  most cards one deck may hold in the state (the batch's deck arrays); ``first_player_col``: the
  state column holding the player who went first (matchup statistics by seat).
* ``load_pool(path)``: compile a card pool file (or a list of them) of the game (``--cards``);
  ``importer(path, **options)``: the game's importer of published card lists (``tcg cards
  import``; an :class:`tcg_env.cards.importers.ImportResult`), or None; ``raw_layout(data)``:
  the importer's name for the layout of a raw card list, None for a card pool or anything else
  (``data``: a JSON file's ``cards`` list, or the whole document when it has none; never raises).
* ``public_view(game, viewer)``: what seat ``viewer`` (None: everything) sees, as a
  :class:`tcg_env.view.BoardView` (scores, areas by kind, each card's few numbers): ``render``
  draws it (:func:`tcg_env.view.render_board`) and the play log compares two of them
  (:func:`tcg_env.view.changes`).
* ``deck_summary(table, deck)``: the one-line contents of a valid deck (``tcg deck validate``);
  ``card_attributes(table)``: ``{filter: (value per card id, choices or None)}`` for
  ``tcg cards list --<filter> VALUE`` (categorical filters list their choices; None: a number).
* ``obs_scale()``: per-column input scale of the flat observation for networks (None: 1
  everywhere); ``shaping_potential()``: ``{observation column: weight}`` of the reward-shaping
  potential "opponent's progress to losing minus mine" (None: the game offers no shaping).

Every registered game must pass the conformance kit, ``tests/conformance`` (parametrized over
``tcg_env.registry.list_games()``; see docs/architecture.md, "Game conformance tests").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional

from tcg_env.engine.blocks import EntityLayout, RowBlock, RowPointer  # noqa: F401  (re-exported: the agents read them here)

SHARED = -1  # CardZones player of a zone no player owns (a shared stack, a card in transit)


@dataclass(frozen=True)
class CardZones:
    """Where the cards of one game are (what :attr:`GameSpec.card_zones` returns).

    ``zones``: (player, zone name) -> the card slots that zone holds, in the zone's order, read
    from the state's zone lists (``player`` is the player whose zone it is, or :data:`SHARED`).
    Every game lists at least ``(p, "deck")`` and ``(p, "hand")`` for p in 0, 1.
    ``owners``: card slot -> its owner (0 or 1), for every slot that holds a card.
    A consistent state lists every slot of ``owners`` in exactly one zone and nothing else.
    """

    zones: dict[tuple[int, str], list[int]]
    owners: dict[int, int]


@dataclass(frozen=True)
class GameSpec:
    name: str  # registry name, e.g. "fftcg"
    env_name: str  # PettingZoo-style id, e.g. "fftcg_v8"
    title: str  # human name, e.g. "Final Fantasy TCG"
    num_actions: int
    obs_size: int
    state_size: int
    variants: tuple[str, ...]  # rules variants accepted by make_game(..., variant=)
    default_variant: str
    # callables (Python level) supplied by the game package
    load_tables: Callable[[], Any]  # -> the game's compiled card table object (has .kernel_tables)
    default_decks: Callable[[], tuple[str, str]]
    list_decks: Callable[[], list[str]]
    load_deck: Callable[[Any, Any], Any]  # (card_table, name_or_path_or_list) -> int32 card ids
    kernels: Any  # module with the kernel functions listed above
    describe_action: Callable[[Any, Any, int, int], str]  # (game, tables, b, action) -> text
    render: Callable[..., str]  # (game, viewer=None) -> text board; viewer 0/1: only what that seat may see
    to_dict: Callable[[Any, Any, int], dict]
    from_dict: Callable[[Any, Any, dict], Any]  # (states row out, tables, dict) -> None
    obs_columns: Callable[[], list[tuple[str, int, int]]]  # (name, start, length) named views
    entity_obs: Callable[[Any], dict]  # flat obs (..., obs_size) -> dict of entity arrays
    entity_spaces: Callable[[], dict]  # gymnasium spaces for the dict encoding
    max_decisions: int  # the engine ends a game as a draw after this many decisions
    card_zones: Callable[[Any], CardZones]  # (state row) -> where every card is (card conservation)
    decisions: type  # IntEnum of the decision kinds (the header's H_DECISION values)
    max_deck: int  # most cards one deck holds in the state
    first_player_col: int  # state column: the player who went first
    load_pool: Callable[[Any], Any]  # (card file path, or a list of them) -> compiled card table
    deck_summary: Callable[[Any, Any], str]  # (table, deck) -> "30 forwards, ...; fire 20, ..."
    card_attributes: Callable[[Any], dict]  # (table) -> {filter: (value per card id, choices or None)}
    importer: Optional[Callable[..., Any]] = None  # (path, **options) -> ImportResult; None: no importer
    raw_layout: Optional[Callable[[Any], Optional[str]]] = None  # (records or document) -> importer layout, None: a pool
    # () -> the game's card-text compiler (tcg_env.cards.text.CardTextCompiler: its grammar and
    # approximations); None: the game compiles no printed text
    card_text: Optional[Callable[[], Any]] = None
    obs_scale: Optional[Callable[[], Any]] = None  # () -> float32 [obs_size] network input scale; None: ones
    shaping_potential: Optional[Callable[[], dict]] = None  # () -> {obs column: weight}; None: no shaping
    extras: dict = field(default_factory=dict)  # anything else the game's own tools share
    # the card-row blocks of the flat observation and the actions that point at their rows, read by
    # the pointer-head network (agents.neural.PolicyNet, arch "entity"); None: that network is not
    # available for the game
    entity_layout: Optional[Callable[[], "EntityLayout"]] = None
    # (game, viewer=None) -> tcg_env.view.BoardView: what a seat sees, areas by kind, for the board and
    # the play log of tcg play / tcg replay (None: the game has none; the CLI then prints actions only)
    public_view: Optional[Callable[..., Any]] = None
    # the game's zone table (tcg_env.engine.zones.ZoneTable: list zones, who sees them, hidden piles);
    # None: the game declares none
    zones: Optional[Any] = None
    # the game's named rule sets: rules name -> the registered game that plays under them, e.g.
    # FF-TCG's {"2016": "fftcg", "2014": "fftcg_2014"}: make_game(name, rules="2014") plays that
    # game (tcg_env.registry.resolve_rules); empty: the game has only its own rules
    rule_sets: dict = field(default_factory=dict)

    def with_rules(self, hooks_module: str) -> "GameSpec":
        """This game under a rules variant's rules (docs/architecture.md, "Rules variants"):
        ``hooks_module`` is the import path of the variant's hooks module, whose ``RULES`` tag
        compiles the engine for it; the cards, decks, actions, observations and snapshots stay the
        game's (a snapshot names the game, not the variant: restored, it plays the game's own
        rules). The variant must keep the game's sizes."""
        import importlib

        from tcg_env.engine.api import LazyKernels

        hooks = importlib.import_module(hooks_module)
        rules = getattr(hooks, "RULES", None)
        if getattr(rules, "hooks_module", None) != hooks_module:
            raise ValueError(f"{hooks_module} is not a rules variant's hooks module: its RULES must be "
                             f"Rules({hooks_module!r})")
        for name, ours in (("NUM_ACTIONS", self.num_actions), ("STATE_SIZE", self.state_size),
                           ("OBS_SIZE", self.obs_size)):
            if getattr(hooks, name, None) != ours:
                raise ValueError(f"{hooks_module}.{name} is {getattr(hooks, name, None)}, {self.name}'s is {ours}: "
                                 "a rules variant keeps the game's sizes")
        kernels = _VARIANT_KERNELS.setdefault(hooks_module, LazyKernels(hooks_module))
        return replace(self, kernels=kernels)


# one GameKernels per variant hooks module (GameSpec.with_rules), as the registry keeps one per game
_VARIANT_KERNELS: dict[str, Any] = {}


