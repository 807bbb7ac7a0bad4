"""tcg_env: reinforcement-learning environments for trading card games, built from their
comprehensive rules. Start with :func:`make_game` or the PettingZoo envs in ``tcg_env.envs``."""

from __future__ import annotations

import os
import sys
from typing import Any, Sequence

# numba's LLVM optimisation level: 2 instead of the default 3 when the user hasn't chosen one and
# numba isn't loaded yet. Measured here: the cold compile of the FF-TCG kernels drops by ~20%
# (about 104 s -> 80 s) with the same batch throughput. Set NUMBA_OPT yourself to override.
if "NUMBA_OPT" not in os.environ and "numba" not in sys.modules:
    os.environ["NUMBA_OPT"] = "2"

# numba's cache, stamped with every engine and game source file: an edit to one kernel file
# invalidates the cached kernels that contain its code (tcg_env.engine.cache)
import tcg_env.engine.cache  # noqa: E402,F401

from tcg_env.game import BatchGame, Game, IllegalActionError, SnapshotError
from tcg_env.registry import get_spec, gym_ids, list_games

# the Gymnasium ids of the registered games, registered on `import tcg_env` so that
# gymnasium.make("tcg_env/FFTCG-v8") works at once; registering imports nothing of the envs or the
# games (the entry point is a string) and compiles nothing
GYM_IDS = gym_ids()


def _register_gymnasium_ids() -> None:
    try:
        import gymnasium
    except ImportError:  # a dependency; without it only the Gymnasium env is missing
        return
    for game, env_id in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="tcg_env.envs.gym_wrapper:TCGSingleAgentEnv",
                               kwargs={"game": game})


_register_gymnasium_ids()

__version__ = "0.1.0"
__all__ = [
    "make_game",
    "make_batch",
    "list_games",
    "list_decks",
    "get_spec",
    "load_pool",
    "Game",
    "BatchGame",
    "IllegalActionError",
    "SnapshotError",
]


def list_decks(game: str) -> list[str]:
    """Names of the built-in preconstructed decks of ``game``."""
    return get_spec(game).list_decks()


def _spec(name: str, rules: str | None):
    """The spec of game ``name`` under ``rules``: a rule set the game names (FF-TCG: "2016", "2014";
    the spec of the game that plays under it) or a rules variant's hooks module path."""
    return get_spec(name, rules)


def _variant_index(spec, variant: str | None) -> int:
    v = spec.default_variant if variant is None else variant
    if v not in spec.variants:
        raise ValueError(f"unknown {spec.name} rules variant {v!r}; choose from {list(spec.variants)}")
    return spec.variants.index(v)


_POOLS: dict = {}  # (game, path, mtime, size) -> compiled pool: an env per worker compiles a file once


def load_pool(name: str, pool: Any = None, rules: str | None = None):
    """The compiled card pool of game ``name`` that ``pool`` names: None, the game's built-in
    starter pool; a path (``str`` or ``os.PathLike``), the card pool file there (one `tcg cards
    import` wrote, or a hand-written card file), compiled once per process; a compiled pool, itself.
    A file that is not a card pool of the game is a one-line ``CardDataError`` naming it."""
    return _load_pool(_spec(name, rules), pool)


def _load_pool(spec, pool: Any):
    if pool is None:
        return spec.load_tables()
    if not isinstance(pool, (str, os.PathLike)):
        return pool
    from pathlib import Path

    from tcg_env.cards.files import load_game_pool

    path = Path(pool)
    try:
        st = path.resolve().stat()
        key = (spec.name, str(path.resolve()), st.st_mtime_ns, st.st_size)
    except OSError:
        key = None  # load_game_pool names the missing file
    if key is None or key not in _POOLS:
        compiled = load_game_pool(spec.name, path)
        if key is None:
            return compiled
        _POOLS[key] = compiled
    return _POOLS[key]


def _deck_ids(spec, pool, decks: Sequence[Any] | None, variant: str):
    if decks is None:
        decks = spec.default_decks()
    if isinstance(decks, (str, bytes)) or len(decks) != 2:
        raise ValueError("decks must be a pair (deck of player 0, deck of player 1)")
    out = []
    for d in decks:
        deck = spec.load_deck(pool, d, variant)
        out.append(deck.card_ids)
    return out


def make_game(
    name: str,
    decks: Sequence[Any] | None = None,
    seed: int | None = None,
    variant: str | None = None,
    auto_single: bool = False,
    pool: Any = None,
    rules: str | None = None,
) -> Game:
    """A new game of ``name`` ("fftcg", ...).

    decks: a pair, each a built-in deck name (see :func:`list_decks`), a deck file path, or a list
    of card numbers; default: the game's two default decks. seed: the game's RNG seed (shuffles,
    first-player draw); None draws one. variant: a rules variant (FF-TCG: "constructed",
    "limited"). auto_single: apply decisions with exactly one legal action automatically
    (default False: every choice the rules give is exposed). pool: a card pool (default: the
    game's built-in starter pool): a compiled one, or the path of a card pool file, such as one
    `tcg cards import` wrote (:func:`load_pool`); the decks then name cards of that pool. rules: a rule set the game names (its spec's
    ``rule_sets``; FF-TCG: "2016", the default, and "2014", the game ``fftcg_2014``), or the import
    path of a rules variant's hooks module, whose kernels replace some of the game's
    (docs/architecture.md, "Rules variants"); default: the game's own rules.
    """
    spec = _spec(name, rules)
    pool = _load_pool(spec, pool)
    v = _variant_index(spec, variant)
    d0, d1 = _deck_ids(spec, pool, decks, spec.variants[v])
    return Game.new(spec, pool, d0, d1, seed, v, auto_single)


def make_batch(
    name: str,
    batch: int,
    decks: Sequence[Any] | None = None,
    seed: int = 0,
    variant: str | None = None,
    auto_single: bool = False,
    auto_reset: bool = True,
    pool: Any = None,
    rules: str | None = None,
) -> BatchGame:
    """``batch`` games of ``name`` stepped together; row b uses seed ``seed + b`` (``rules``: as
    :func:`make_game`'s)."""
    import numpy as np

    if int(batch) < 1:
        raise ValueError(f"batch must be >= 1, got {batch}")
    spec = _spec(name, rules)
    pool = _load_pool(spec, pool)
    v = _variant_index(spec, variant)
    d0, d1 = _deck_ids(spec, pool, decks, spec.variants[v])
    from tcg_env.game import check_seed

    seeds = np.arange(int(batch), dtype=np.int64) + check_seed(seed, span=int(batch))
    return BatchGame(spec, pool, [(d0, d1)] * int(batch), seeds, v, auto_single, auto_reset)
