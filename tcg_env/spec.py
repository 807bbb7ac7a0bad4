"""One spec object per game: names, sizes, defaults and the kernels that run it.

Everything above the game layer (the facade in ``tcg_env.game``, the envs in ``tcg_env.envs``,
agents, benchmarks) reaches a game only through its :class:`GameSpec`, so a new game plugs in by
registering one spec (see ``tcg_env.registry``).

Kernel contract (all numba ``njit(cache=True)``, all state in one int32 array ``states[B, S]``):

* ``reset_one(states, b, deck0, deck1, seed, variant, tables)`` builds a new game in row ``b`` from
  two int32 arrays of card ids and runs it to its first decision.
* ``legal_mask_one(states, b, tables, out)`` writes 0/1 into ``out[:num_actions]`` (int8).
* ``apply_one(states, b, action, tables) -> int`` performs a legal action and runs the game to the
  next decision; returns 0, or a negative error code if the action is illegal (state untouched).
* ``observe_one(states, b, player, tables, out)`` writes the flat float32 observation of ``player``.
* ``step_batch(states, actions, tables, obs, masks, rewards, dones, ...)`` steps all rows at once
  (see the game's kernels module for its exact signature).

Common header: every game's state row starts with the fields of
``tcg_env.engine.header`` so generic code reads done / winner / current player the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class GameSpec:
    name: str  # registry name, e.g. "fftcg"
    env_name: str  # PettingZoo-style id, e.g. "fftcg_v0"
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
    extras: dict = field(default_factory=dict)
