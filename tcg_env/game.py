"""Python facade over a game's kernels: one game (:class:`Game`) or a batch (:class:`BatchGame`).

The facade checks every input, then calls the kernel (the numba code itself trusts its inputs).
An illegal action is never repaired: :class:`IllegalActionError` lists the legal actions with
their descriptions and the game is left exactly as it was.
"""

from __future__ import annotations

import copy
import json
import math
import sys
from typing import Any, Sequence

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_ERROR, H_NUM_DECISIONS, H_TURN, H_WINNER
from tcg_env.engine.layout import SnapshotError

__all__ = ["Game", "BatchGame", "IllegalActionError", "SnapshotError"]


class IllegalActionError(ValueError):
    """An action that is not legal now. ``legal`` holds the legal action indices."""

    def __init__(self, message: str, action: Any = None, legal: Sequence[int] = ()):
        super().__init__(message)
        self.action = action
        self.legal = list(legal)


def as_action(action: Any, legal: Sequence[int] = ()) -> int:
    """``action`` as a Python int, or :class:`IllegalActionError` naming what was given.

    Accepted: a Python or numpy integer, a one-element integer array of at most one dimension
    (SB3's ``model.predict`` returns a 0-d array for one observation, shape (1,) for a batch of
    one), a one-element integer torch tensor (torch is looked up only if already imported), and a
    float whose value is a whole number (``3.0``). Refused: bools (``True`` is not action 1),
    fractional or non-finite floats, arrays or tensors of several elements, anything else. The
    range and legality are checked by the caller.
    """
    given = action

    def bad(why: str) -> IllegalActionError:
        return IllegalActionError(f"action must be a single integer, got {why}", given, legal)

    torch = sys.modules.get("torch")
    if torch is not None and isinstance(action, torch.Tensor):
        if action.numel() != 1 or action.dim() > 1:
            raise bad(f"a tensor of shape {tuple(action.shape)}")
        if action.dtype == torch.bool:
            raise bad(f"a bool tensor {action!r}")
        action = action.item()  # a Python int or float
    elif isinstance(action, np.ndarray):
        if action.size != 1 or action.ndim > 1:
            raise bad(f"an array of shape {action.shape}")
        if action.dtype == np.bool_ or not (np.issubdtype(action.dtype, np.integer) or np.issubdtype(action.dtype, np.floating)):
            raise bad(f"an array of dtype {action.dtype}")
        action = action.reshape(()).item()
    if isinstance(action, (bool, np.bool_)):
        raise bad(f"the bool {action!r}")
    if isinstance(action, (int, np.integer)):
        return int(action)
    if isinstance(action, (float, np.floating)):
        if not math.isfinite(action) or not float(action).is_integer():
            raise bad(f"{float(action)!r}")
        return int(action)
    raise bad(f"{given!r} ({type(given).__name__})")


_ENTRY_CACHE: dict = {}


def fast_entry(kernel, *example_args):
    """The compiled entry point of numba ``kernel`` for these argument types.

    Calling it skips the dispatcher's type resolution, which costs ~0.6 us a call with a tuple
    argument (measured: 1.0 us -> 0.38 us for ``legal_mask_row``), a third of a facade step. The
    facade always passes the same types, so this is safe; without numba (NUMBA_DISABLE_JIT=1)
    the plain function is returned.
    """
    overloads = getattr(kernel, "overloads", None)
    if overloads is None:
        return kernel
    from numba import typeof

    sig = tuple(typeof(a) for a in example_args)
    key = (id(kernel), sig)
    entry = _ENTRY_CACHE.get(key)
    if entry is None:
        cres = overloads.get(sig)
        if cres is None:
            kernel.compile(sig)
            cres = overloads[sig]
        entry = _ENTRY_CACHE[key] = cres.entry_point
    return entry


SEED_MAX = 2**63 - 1
"""The largest seed of a game: the engine's RNG is seeded from a non-negative int64
(``engine.rng.rng_seed_one``). Every seed the command line, ``make_game`` / ``make_batch``,
matchups, replays and the envs take lies in ``0 .. SEED_MAX``; :func:`check_seed` is the one check."""


def check_seed(seed: Any, what: str = "seed", span: int = 1) -> int:
    """``seed`` as an int in ``0 .. SEED_MAX`` (with room for ``span`` consecutive seeds from it, as a
    batch or a matchup uses), else a ValueError naming ``what``. Never wraps a large seed onto another."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"{what} must be an integer in 0..2**63-1, got {seed!r}")
    seed = int(seed)
    top = SEED_MAX - (int(span) - 1)
    if not 0 <= seed <= top:
        room = "" if span <= 1 else f" (with {span:,} consecutive seeds from it, at most {top})"
        raise ValueError(f"{what} must be an integer in 0..2**63-1{room}, got {seed}")
    return seed


def _resolve_seed(seed: int | None) -> int:
    """A checked seed, or a fresh random one in ``0 .. SEED_MAX`` when ``seed`` is None."""
    if seed is None:
        return int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))
    return check_seed(seed)


_NO_CARDS = np.zeros(1, np.int32)
_NO_MASK = np.zeros(1, np.int8)
_NO_OBS = np.zeros(1, np.float32)


def _row_op(spec, op, row, T, deck0=_NO_CARDS, deck1=_NO_CARDS, seed=0, variant=0, auto_single=0, player=0,
            mask=_NO_MASK, obs=_NO_OBS) -> int:
    """Reset / mask / observe through the game's shared row entry kernel (one compile for all)."""
    return int(spec.kernels.row_entry(op, row, T, deck0, deck1, seed, variant, auto_single, player, mask, obs))


def tables_for(pool, card_ids: np.ndarray) -> np.ndarray:
    """The kernels' tables for games of these cards (``CardTable.kernel_tables_for``: the pool's flags of the decks'
    cards where the game can); a pool object without it (a test's hand-built tables) gives its ``kernel_tables``."""
    pick = getattr(pool, "kernel_tables_for", None)
    return pool.kernel_tables if pick is None else pick(card_ids)


class Game:
    """One game. Create it with :func:`tcg_env.make_game`."""

    def __init__(self, spec, pool, row: np.ndarray, variant: int, T: np.ndarray | None = None):
        self.spec = spec
        self.pool = pool
        # T: the pool's tables, their flags derived from the decks' cards where the game can (a new game's)
        self._T = pool.kernel_tables if T is None else T
        self._row = row
        self.variant_index = variant
        self._mask = np.zeros(spec.num_actions, np.int8)
        # the step goes through the shared row entry kernel too (one compiled engine for the whole
        # facade: a separate step kernel cost ~20 s more of cold compile, for ~0.3 us less a step)
        self._step_op = spec.kernels.ROW_STEP
        self._rules = spec.kernels.rules
        self._step_kernel = fast_entry(spec.kernels.row_entry_kernel, self._rules, self._step_op, self._row, self._T,
                                       _NO_CARDS, _NO_CARDS, 0, 0, 0, 0, self._mask, _NO_OBS)
        self._n_legal = _row_op(spec, spec.kernels.ROW_MASK, self._row, self._T, mask=self._mask)

    # ---- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, spec, pool, deck0: np.ndarray, deck1: np.ndarray, seed: int | None, variant: int, auto_single: bool):
        row = np.zeros(spec.state_size, np.int32)
        _row_op(spec, spec.kernels.ROW_RESET, row, pool.kernel_tables,
                deck0=np.ascontiguousarray(deck0, dtype=np.int32), deck1=np.ascontiguousarray(deck1, dtype=np.int32),
                seed=_resolve_seed(seed), variant=int(variant), auto_single=int(bool(auto_single)))
        return cls(spec, pool, row, variant, tables_for(pool, np.concatenate([deck0, deck1])))

    # ---- status --------------------------------------------------------------------------------
    @property
    def num_actions(self) -> int:
        return self.spec.num_actions

    @property
    def current_player(self) -> int:
        """The player who must act now, or -1 once the game is over."""
        return int(self._row[H_DECIDER])

    @property
    def done(self) -> bool:
        return bool(self._row[H_DONE])

    @property
    def winner(self) -> int | None:
        """None while playing; 0 or 1 for the winner; -1 for a draw."""
        if not self._row[H_DONE]:
            return None
        w = int(self._row[H_WINNER])
        return w if w in (0, 1) else -1

    def returns(self) -> tuple[float, float]:
        """(+1, -1), (-1, +1) or (0, 0) once done; (0, 0) while playing."""
        w = self.winner
        if w == 0:
            return (1.0, -1.0)
        if w == 1:
            return (-1.0, 1.0)
        return (0.0, 0.0)

    @property
    def decision(self):
        """The pending decision kind (the game's ``Decision`` IntEnum)."""
        return self.spec.decisions(int(self._row[H_DECISION]))

    @property
    def turn(self) -> int:
        return int(self._row[H_TURN])

    @property
    def num_decisions(self) -> int:
        return int(self._row[H_NUM_DECISIONS])

    @property
    def state(self) -> np.ndarray:
        """The raw int32 state row (read-only view)."""
        v = self._row.view()
        v.flags.writeable = False
        return v

    # ---- actions ---------------------------------------------------------------------------------
    def action_mask(self) -> np.ndarray:
        return self._mask.copy()

    def legal_actions(self) -> np.ndarray:
        return np.flatnonzero(self._mask)

    def step(self, action: int) -> None:
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            a = int(action)
        else:  # 0-d / one-element arrays, torch scalars, whole floats (what training libraries hand over)
            a = as_action(action, self.legal_actions())
        # the mask is all zeros once the game is over, so this one check covers done games too
        if a < 0 or a >= self._mask.shape[0] or not self._mask[a]:
            if self._row[H_DONE]:
                raise IllegalActionError("the game is over; no action is legal", a, [])
            raise self._illegal(a)
        self._n_legal = self._step_kernel(self._rules, self._step_op, self._row, self._T, _NO_CARDS, _NO_CARDS, 0, 0, 0, a, self._mask, _NO_OBS)
        if self._row[H_ERROR]:
            raise RuntimeError(f"engine error code {int(self._row[H_ERROR])} (a bug): please report with to_dict()")

    def _illegal(self, a: int) -> IllegalActionError:
        legal = self.legal_actions()
        lines = [f"  {int(x)}: {self.describe_action(int(x))}" for x in legal]
        where = f"decision {self.decision.name} for player {self.current_player}"
        what = self.describe_action(a) if 0 <= a < self.spec.num_actions else "out of range"
        msg = (
            f"illegal action {a} ({what}) at {where}; legal actions:\n" + "\n".join(lines)
        )
        return IllegalActionError(msg, a, legal)

    def describe_action(self, action: int, public: bool = False) -> str:
        """``action`` in words for the player to act; ``public=True``: as the other player may read
        it in a log (what tells two copies in hand apart, "(hand card 3)", is left out: it would say
        a copy is left in a hidden hand)."""
        if public:
            return self.spec.describe_action(self, int(action), public=True)
        return self.spec.describe_action(self, int(action))

    def action_card(self, action: int) -> tuple[int, str] | None:
        """The card ``action`` points at (the card it plays, targets, puts back ...) as (slot,
        name), None for none: a log tells that card as "a card" where the reader cannot see it."""
        words = self.spec.describe_action
        words = words.target() if hasattr(words, "target") else words  # a lazy hook: the Describer
        card_of = getattr(words, "card_of", None)
        return card_of(self, int(action)) if card_of is not None else None

    # ---- observations ----------------------------------------------------------------------------
    def observe(self, player: int | None = None, encoding: str = "flat"):
        """``player``'s observation (default: the player to act). ``encoding``: "flat" (float32
        vector) or "dict" (entity arrays)."""
        if player is None:
            player = max(self.current_player, 0)
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, got {player!r}")
        out = np.zeros(self.spec.obs_size, np.float32)
        _row_op(self.spec, self.spec.kernels.ROW_OBSERVE, self._row, self._T, player=int(player), obs=out)
        if encoding == "flat":
            return out
        if encoding == "dict":
            return self.spec.entity_obs(out)
        raise ValueError(f"encoding must be 'flat' or 'dict', got {encoding!r}")

    # ---- snapshots -------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return self.spec.to_dict(self)

    @classmethod
    def from_dict(cls, d: dict, pool=None) -> "Game":
        from tcg_env.registry import get_spec

        from tcg_env.adapter import pool_game

        if not isinstance(d, dict) or "game" not in d:
            raise SnapshotError("snapshot must be a dict with a 'game' key (from Game.to_dict())")
        try:
            spec = get_spec(d["game"])
        except (ValueError, TypeError) as exc:
            raise SnapshotError(f"snapshot: field 'game': {exc}") from None
        theirs = pool_game(pool) if pool is not None else None
        if theirs is not None and theirs != spec.name:
            # the caller means a game of the pool's kind: the snapshot is of another game, which is
            # the problem to name (not its format or its pool fingerprint)
            raise SnapshotError(f"{theirs} snapshot: this is a snapshot of {spec.name!r}, not of {theirs!r} "
                                f"(the card pool given is a {theirs} pool)")
        pool = pool if pool is not None else spec.load_tables()
        row = np.zeros(spec.state_size, np.int32)
        variant = spec.from_dict(row, pool, d)
        return cls(spec, pool, row, variant)

    def clone(self) -> "Game":
        g = Game.__new__(Game)
        g.spec = self.spec
        g.pool = self.pool
        g._T = self._T
        g._row = self._row.copy()
        g.variant_index = self.variant_index
        g._mask = self._mask.copy()
        g._step_kernel = self._step_kernel
        g._rules = self._rules
        g._step_op = self._step_op
        g._n_legal = self._n_legal
        return g

    def render(self, viewer: int | None = None) -> str:
        """The board as text. ``viewer`` (0 or 1): only what that seat may see (its own hand, the
        public zones; never the opponent's hand or any deck order), as a terminal player's view
        must be; None: the game's debugging view (see the game's adapter ``render``)."""
        if viewer is None:
            return self.spec.render(self)
        if isinstance(viewer, bool) or viewer not in (0, 1):
            raise ValueError(f"viewer must be 0 or 1 (a seat), got {viewer!r}")
        return self.spec.render(self, int(viewer))

    def __repr__(self) -> str:
        status = f"winner={self.winner}" if self.done else f"{self.decision.name} by player {self.current_player}"
        return f"<{self.spec.name} game, turn {self.turn}, {status}>"

    def to_json(self) -> str:
        return json.dumps(self.to_dict())


class BatchGame:
    """B games stepped together through the batch kernels (numpy in, numpy out).

    ``step(actions)`` checks every action against the current masks first and raises
    :class:`IllegalActionError` naming the rows if any is illegal; then nothing is applied.
    Finished games restart automatically (``auto_reset``) with seed ``seed_b + episode * EPISODE_SEED_STRIDE`` (tcg_env.engine.batch).
    """

    def __init__(self, spec, pool, deck_pairs: list[tuple[np.ndarray, np.ndarray]], seeds: np.ndarray,
                 variant: int, auto_single: bool, auto_reset: bool = True):
        MAX_DECK = spec.max_deck

        self.spec = spec
        self.pool = pool
        # the pool's tables, their flags derived from the decks' cards where the game can (CardTable.kernel_tables_for)
        self._T = tables_for(pool, np.concatenate([np.concatenate(pair) for pair in deck_pairs]) if deck_pairs
                             else np.zeros(0, np.int32))
        B = len(deck_pairs)
        self.batch = B
        self.variant_index = int(variant)
        self.auto_single = int(bool(auto_single))
        self.auto_reset = bool(auto_reset)
        self.decks = np.full((B, 2, MAX_DECK), -1, np.int32)
        self.deck_lens = np.zeros((B, 2), np.int32)
        for b, (d0, d1) in enumerate(deck_pairs):
            self.decks[b, 0, : len(d0)] = d0
            self.decks[b, 1, : len(d1)] = d1
            self.deck_lens[b] = (len(d0), len(d1))
        self.seeds = np.asarray(seeds, np.int64).copy()
        self.episodes = np.zeros(B, np.int64)
        self.states = np.zeros((B, spec.state_size), np.int32)
        self.obs = np.zeros((B, spec.obs_size), np.float32)
        self.masks = np.zeros((B, spec.num_actions), np.int8)
        self.rewards = np.zeros((B, 2), np.float32)
        self.terminated = np.zeros(B, np.int8)
        self.errors = np.zeros(B, np.int32)
        self.reset()

    def reset(self) -> tuple[np.ndarray, np.ndarray]:
        k = self.spec.kernels
        self.episodes[:] = 0
        k.reset_batch(self.states, self.decks, self.deck_lens, self.seeds, self.variant_index, self.auto_single, self._T,
                      self.obs, self.masks)
        return self.obs, self.masks

    @property
    def current_players(self) -> np.ndarray:
        return self.states[:, H_DECIDER].copy()

    def step(self, actions: np.ndarray):
        """Returns (obs, masks, rewards[B, 2], terminated[B]); obs is of each row's decider."""
        a = actions
        if not (isinstance(a, np.ndarray) and a.dtype == np.int32 and a.shape == (self.batch,) and a.flags.c_contiguous):
            try:
                a = np.asarray(actions)
            except (OverflowError, ValueError, TypeError) as exc:
                raise IllegalActionError(f"actions must be an integer array of shape ({self.batch},): {exc}") from None
            if a.shape != (self.batch,) or a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
                raise IllegalActionError(f"actions must be an integer array of shape ({self.batch},), got {a.dtype} {a.shape}")
            # out-of-range values are named before the cast to int32, which would wrap them (2**40 -> 0)
            out = (a < 0) | (a >= self.spec.num_actions)
            if out.any():
                rows = np.flatnonzero(out)[:10].tolist()
                raise IllegalActionError(
                    f"actions out of range 0..{self.spec.num_actions - 1} in rows {rows} (e.g. row {rows[0]}: "
                    f"action {int(a[rows[0]])}); nothing was applied", a, [])
            a = np.ascontiguousarray(a, np.int32)
        from tcg_env.engine.masks import first_illegal_row  # numba is imported on first use only

        bad_row = first_illegal_row(a, self.masks)  # every row is checked before any is applied
        if bad_row >= 0:
            bad = (a < 0) | (a >= self.spec.num_actions)
            bad |= self.masks[np.arange(self.batch), np.where(bad, 0, a)] == 0
            rows = np.flatnonzero(bad)[:10].tolist()
            raise IllegalActionError(
                f"illegal actions in rows {rows} (e.g. row {rows[0]}: action {int(a[rows[0]])}); nothing was applied",
                a, [],
            )
        self.spec.kernels.step_batch(
            self.states, a, self._T, self.obs, self.masks, self.rewards, self.terminated, self.errors,
            self.decks, self.deck_lens, self.seeds, self.episodes, self.variant_index, self.auto_single,
            self.auto_reset,
        )
        return self.obs, self.masks, self.rewards, self.terminated

    def game(self, b: int) -> Game:
        """A single-game facade over a copy of row ``b``."""
        return Game(self.spec, self.pool, self.states[b].copy(), self.variant_index, self._T)

    def clone(self) -> "BatchGame":
        return copy.deepcopy(self)
