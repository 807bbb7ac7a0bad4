"""The in-kernel agents every game shares, and determinization for search.

* :func:`choose_action_row`: agent ``AGENT_RANDOM`` (uniform over the legal actions) or
  ``AGENT_HEURISTIC`` (the game's ``heuristic_action`` hook);
* :func:`playout_row`: play a row to its end with one agent kind per seat;
* :func:`determinize_row`: resample what a player cannot see (the game's ``resample_hidden`` hook),
  then reseed the game's RNG (future shuffles, random discards): a search agent's sampled world;
* :func:`policy_range`: the one nogil entry kernel of the batch operations, chunked over threads
  as in :mod:`tcg_env.engine.batch`; :class:`PolicyOps` gives them as Python methods of one game.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tcg_env.engine import hooks
from tcg_env.engine.batch import agent_actions_chunked, chunked, pick_uniform
from tcg_env.engine.header import H_DECIDER, H_DONE
from tcg_env.engine.memory import borrow
from tcg_env.engine.rng import rng_next_u32, rng_seed_one

AGENT_RANDOM = 0  # uniform over the legal actions
AGENT_HEURISTIC = 1  # the game's heuristic (its ``heuristic_action`` hook)
AGENT_KINDS = (AGENT_RANDOM, AGENT_HEURISTIC)

# operations of ``policy_range``
OP_ACTIONS = 0
OP_PLAYOUT = 1
OP_DETERMINIZE = 2
OP_ACTIONS_ROWS = 3  # OP_ACTIONS for the rows listed in ``rows`` only


@njit(cache=True)
def choose_action_row(game, s, T, mask, n_legal, kind, rng_row):
    """Action of agent ``kind`` for the row's decider; ``mask`` is the row's legal mask (written by
    ``legal_mask_row``) and ``n_legal`` its count; ``rng_row`` the agent's RNG row. -1 if no
    action is legal."""
    if n_legal <= 0:
        return -1
    if kind == AGENT_HEURISTIC:
        return hooks.heuristic_action(game, s, T, mask, n_legal, rng_row)
    return pick_uniform(mask, n_legal, rng_row)


@njit(cache=True)
def determinize_row(game, s, T, player, rng_row):
    """Resample what ``player`` can't see, in place, with ``rng_row`` (the game's
    ``resample_hidden``), and reseed the game's own RNG: everything ``player`` observes is
    unchanged, and the future draws of shuffles and random effects are new."""
    hooks.resample_hidden(game, s, T, player, rng_row)
    hi = np.int64(rng_next_u32(rng_row)) & 0x7FFFFFFF
    lo = np.int64(rng_next_u32(rng_row))
    rng_seed_one(s, (hi << 32) | lo)


@njit(cache=True)
def playout_row(game, s, T, mask, rng_row, kind0, kind1, max_decisions):
    """Play one row to its end (or ``max_decisions``), seat p choosing with agent ``kind{p}``.
    Returns the decisions taken; ``mask`` ends as the final state's mask."""
    n = 0
    while s[H_DONE] == 0 and n < max_decisions:
        n_legal = hooks.legal_mask_row(game, s, T, mask)
        kind = kind0 if s[H_DECIDER] == 0 else kind1
        a = choose_action_row(game, s, T, mask, n_legal, kind, rng_row)
        hooks.apply_unchecked(game, s, T, np.int64(a))
        n += 1
    hooks.legal_mask_row(game, s, T, mask)
    return n


@njit(cache=True, nogil=True)
def policy_range(lo, hi, game, op, states, T, masks, agent_rng, kind, seat_kinds, max_decisions, players,
                 actions_out, lengths, rows):
    """Operation ``op`` on rows ``lo .. hi - 1`` (positions in ``rows`` for OP_ACTIONS_ROWS)."""
    # borrowed views: no reference-count updates inside the engine (tcg_env.engine.memory)
    states, T, masks, agent_rng = borrow(states), borrow(T), borrow(masks), borrow(agent_rng)
    seat_kinds, players, actions_out = borrow(seat_kinds), borrow(players), borrow(actions_out)
    lengths, rows = borrow(lengths), borrow(rows)
    for i in range(lo, hi):
        b = rows[i] if op == OP_ACTIONS_ROWS else i
        s = states[b]
        if op == OP_ACTIONS or op == OP_ACTIONS_ROWS:
            if s[H_DONE] != 0:
                actions_out[b] = -1
                continue
            m = masks[b]
            n_legal = 0
            for a in range(hooks.num_actions(game)):
                if m[a] != 0:
                    n_legal += 1
            actions_out[b] = choose_action_row(game, s, T, m, n_legal, kind, agent_rng[b])
        elif op == OP_PLAYOUT:
            lengths[b] = playout_row(game, s, T, masks[b], agent_rng[b], seat_kinds[b, 0], seat_kinds[b, 1],
                                     max_decisions)
        else:
            determinize_row(game, s, T, players[b], agent_rng[b])


_I64 = np.zeros(1, np.int64)
_I32 = np.zeros(1, np.int32)
_SEATS = np.zeros((1, 2), np.int32)
_MASKS = np.zeros((1, 1), np.int8)


def check_agent_kind(kind) -> int:
    """``kind`` as an in-kernel agent code, else a ValueError naming it."""
    if isinstance(kind, (bool, np.bool_)) or not isinstance(kind, (int, np.integer)) or int(kind) not in AGENT_KINDS:
        raise ValueError(f"unknown in-kernel agent code {kind!r} ({AGENT_RANDOM} random, {AGENT_HEURISTIC} heuristic)")
    return int(kind)


class PolicyOps:
    """The batch operations of the in-kernel agents for one game (``game``: its
    :class:`~tcg_env.engine.hooks.Rules`)."""

    def __init__(self, game):
        self.game = game

    def agent_actions_batch(self, states, T, masks, agent_rng, kind, actions_out, rows=None):
        """actions_out[b] = the action agent ``kind`` chooses for row b's decider from its state and
        the mask in masks[b]; -1 for finished rows. ``rows`` (distinct row indices): only those rows
        are chosen for (and only their agent_rng rows advance); the other entries of actions_out
        are left as they are."""
        kind = check_agent_kind(kind)
        agent_actions_chunked(policy_range, self.game, OP_ACTIONS, OP_ACTIONS_ROWS, states, T, masks, agent_rng, kind,
                              actions_out, rows)

    def playout_batch(self, states, T, masks, agent_rng, seat_kinds, max_decisions, lengths):
        """Play every row to its end: decisions of seat p by agent seat_kinds[b, p] (int32[B, 2]);
        lengths[b] = decisions taken; masks[b] ends as the final mask (all zero when done)."""
        seat_kinds = np.ascontiguousarray(seat_kinds, np.int32)
        for k in np.unique(seat_kinds):
            check_agent_kind(int(k))
        n = states.shape[0]
        out = lengths if lengths.dtype == np.int64 and lengths.flags.c_contiguous else np.empty(n, np.int64)
        chunked(policy_range, n, self.game, OP_PLAYOUT, states, T, masks, agent_rng, 0, seat_kinds, int(max_decisions),
                _I32, _I32, out, _I64)
        if out is not lengths:
            lengths[:] = out

    def determinize_batch(self, states, T, players, agent_rng):
        """determinize_row for every row b from the view of players[b] (int32[B])."""
        chunked(policy_range, states.shape[0], self.game, OP_DETERMINIZE, states, T, _MASKS, agent_rng, 0, _SEATS, 0,
                np.ascontiguousarray(players, np.int32), _I32, _I64, _I64)
