"""Determinized Monte Carlo tree search (single-observer ISMCTS) for FF-TCG and Weiss Schwarz
(``game=``: the policy kernels of the game's spec give the determinization, the heuristic and the
playouts).

Each simulation starts from a *determinization* of the current state as the acting player sees it
(``spec.kernels.determinize_row``: the opponent's hand and deck dealt anew from the same cards,
its own deck shuffled, the game's RNG reseeded; everything it can see is unchanged). One tree is
shared by all determinizations; a node is an action sequence from the root, and an action that is
illegal in the current determinization is simply not selectable there (ISMCTS: UCB counts a
child's availability instead of its parent's visits, Cowling, Powley & Whitehouse 2012).

A simulation descends the tree with UCB1 (decisions with a single legal action are applied without
a node), expands one new action (the heuristic's choice first, then the others at random), and is
finished by a heuristic-vs-heuristic rollout to the end of the game. Simulations run in waves of
``wave`` leaves whose rollouts are played together by one ``playout_batch`` call (the kernels'
thread pool plays them in parallel); within a wave a virtual loss spreads the descents.
The move is the most visited root action.
"""

from __future__ import annotations

import math
from typing import Any, Optional

import numpy as np

from agents.base import Agent, check_mask, kernel_agent_games

MAX_ROLLOUT_DECISIONS = 20000


def _game_kernels(game: str):
    """(the game's kernels, NUM_ACTIONS): ``determinize_row``, ``choose_action_row``,
    ``playout_batch``, ``legal_mask_row`` and ``apply_unchecked`` of its spec's ``kernels``."""
    import tcg_env

    spec = tcg_env.get_spec(game)
    return spec.kernels, spec.num_actions


class _Node:
    __slots__ = ("children", "n", "w", "avail", "player")

    def __init__(self, player: int):
        self.children: dict = {}
        self.n = 0  # visits (virtual losses included while a wave is in flight)
        self.w = 0.0  # summed reward of ``player`` (who chose the action leading here)
        self.avail = 0  # simulations in which this action was legal
        self.player = player


class SearchAgent(Agent):
    """ISMCTS with heuristic rollouts.

    simulations: simulations per decision (default 256); wave: rollouts played per batch call;
    c: UCB1 exploration constant (rewards are 1 win, 0.5 draw, 0 loss); seed: the agent's own RNG
    (determinizations, expansion order, the rollout agents' tie-breaking).
    """

    name = "search"
    kernel_code = None
    needs_game = True

    def __init__(self, simulations: int = 128, method: str = "paired", wave: int = 32, c: float = 0.7,
                 margin: float = 1.0, seed: Optional[int] = None, game: str = "fftcg",
                 max_rollout_decisions: int = MAX_ROLLOUT_DECISIONS):
        games = kernel_agent_games()  # the search needs determinize_row and the playouts
        if game not in games:
            raise ValueError(f"the search agent plays {', '.join(games)}, not {game!r}")
        self.game = game
        if simulations < 1 or wave < 1:
            raise ValueError("simulations and wave must be >= 1")
        if method not in ("paired", "ismcts"):
            raise ValueError(f"method must be 'paired' or 'ismcts', got {method!r}")
        self.simulations = int(simulations)
        self.method = method
        self.wave = int(wave)
        self.c = float(c)
        self.margin = float(margin)
        self.max_rollout_decisions = int(max_rollout_decisions)
        self.last_stats: dict = {}
        self.reset(seed)

    def reset(self, seed: Optional[int] = None) -> None:
        seed_agent_rng = _game_kernels(self.game)[0].seed_agent_rng

        seed = 0 if seed is None else int(seed)
        self._np_rng = np.random.default_rng(seed)
        self._det_rng = seed_agent_rng(1, seed)[0]  # determinizations
        self._heur_rng = seed_agent_rng(1, seed + 1)[0]  # expansion order (heuristic ties)
        self._roll_rng = seed_agent_rng(self.wave, seed + 2)  # rollouts, one row per leaf

    # ---------------------------------------------------------------------------------------------
    def act(self, observation: Any, action_mask: np.ndarray, game: Any = None) -> int:
        if game is None:
            raise ValueError("SearchAgent.act needs game= (it searches from the engine state)")
        spec = getattr(game, "spec", None)
        if spec is not None and spec.name != self.game:
            raise ValueError(f"SearchAgent for {self.game!r} was given a {spec.name!r} game")
        legal = check_mask(action_mask)
        if legal.size == 1:
            return int(legal[0])
        return self.search(np.array(game.state, dtype=np.int32), game.pool.kernel_tables)

    def search(self, root_state: np.ndarray, T) -> int:
        """The chosen action from state row ``root_state`` (not modified)."""
        if self.method == "ismcts":
            return self._ismcts(root_state, T)
        return self._paired(root_state, T)

    def _ismcts(self, root_state: np.ndarray, T) -> int:
        from tcg_env.engine.header import H_DECIDER, H_DONE, H_WINNER

        P, NUM_ACTIONS = _game_kernels(self.game)
        apply_unchecked, legal_mask_row = P.apply_unchecked, P.legal_mask_row

        me = int(root_state[H_DECIDER])
        root = _Node(-1)
        W = self.wave
        leaves = np.empty((W, root_state.shape[0]), np.int32)
        masks = np.zeros((W, NUM_ACTIONS), np.int8)
        mask = np.zeros(NUM_ACTIONS, np.int8)
        seat_kinds = np.full((W, 2), P.AGENT_HEURISTIC, np.int32)
        lengths = np.zeros(W, np.int64)
        rng = self._np_rng
        c = self.c
        done_sims = 0
        while done_sims < self.simulations:
            w = min(W, self.simulations - done_sims)
            paths = []
            finished = np.zeros(w, bool)
            for i in range(w):
                row = leaves[i]
                row[:] = root_state
                P.determinize_row(row, T, me, self._det_rng)
                node = root
                path = []
                while True:
                    if row[H_DONE]:
                        finished[i] = True
                        break
                    n_legal = legal_mask_row(row, T, mask)
                    legal = np.flatnonzero(mask)
                    if n_legal == 1:
                        apply_unchecked(row, T, int(legal[0]))
                        continue
                    p = int(row[H_DECIDER])
                    children = node.children
                    untried = []
                    for a in legal.tolist():
                        ch = children.get(a)
                        if ch is None:
                            untried.append(a)
                        else:
                            ch.avail += 1
                    if untried:
                        if not children:
                            a = int(P.choose_action_row(row, T, mask, n_legal, P.AGENT_HEURISTIC, self._heur_rng))
                        else:
                            a = untried[int(rng.integers(len(untried)))]
                        ch = _Node(p)
                        ch.avail = 1
                        children[a] = ch
                        ch.n += 1  # virtual loss until the rollout reports
                        path.append(ch)
                        apply_unchecked(row, T, a)
                        break
                    best, best_a = -1.0, -1
                    for a in legal.tolist():
                        ch = children[a]
                        u = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                        if u > best:
                            best, best_a = u, a
                    ch = children[best_a]
                    ch.n += 1
                    path.append(ch)
                    apply_unchecked(row, T, best_a)
                    node = ch
                paths.append(path)
            # the rollouts of this wave, played together inside the kernels
            P.playout_batch(leaves[:w], T, masks[:w], self._roll_rng[:w], seat_kinds[:w], self.max_rollout_decisions,
                            lengths[:w])
            for i in range(w):
                winner = int(leaves[i, H_WINNER])
                for ch in paths[i]:
                    if winner == ch.player:
                        ch.w += 1.0
                    elif winner not in (0, 1):
                        ch.w += 0.5
            done_sims += w
        best_a, best_n, best_q = -1, -1, -1.0
        for a, ch in root.children.items():
            q = ch.w / ch.n
            if ch.n > best_n or (ch.n == best_n and q > best_q):
                best_a, best_n, best_q = a, ch.n, q
        self.last_stats = {
            "simulations": done_sims,
            "root": {a: (ch.n, ch.w / ch.n) for a, ch in root.children.items()},
        }
        return int(best_a)

    def _paired(self, root_state: np.ndarray, T) -> int:
        """Root search with common random numbers and sequential halving (see the class doc)."""
        from tcg_env.engine.batch import AGENT_RNG_WORDS
        from tcg_env.engine.header import H_DECIDER, H_WINNER
        from tcg_env.engine.rng import rng_seed_one

        P, NUM_ACTIONS = _game_kernels(self.game)
        apply_unchecked, legal_mask_row = P.apply_unchecked, P.legal_mask_row

        me = int(root_state[H_DECIDER])
        root = root_state.copy()
        mask = np.zeros(NUM_ACTIONS, np.int8)
        n_legal = int(legal_mask_row(root, T, mask))
        legal = [int(a) for a in np.flatnonzero(mask)]
        heur = int(P.choose_action_row(root, T, mask, n_legal, P.AGENT_HEURISTIC, self._heur_rng))
        rewards: dict = {a: [] for a in legal}
        active = list(legal)
        phases = max(1, math.ceil(math.log2(len(legal))))
        budget = self.simulations
        S = root.shape[0]
        for phase in range(phases):
            rounds = max(1, budget // (len(active) * (phases - phase)))
            n = rounds * len(active)
            leaves = np.empty((n, S), np.int32)
            rng_rows = np.zeros((n, AGENT_RNG_WORDS), np.int32)
            k = 0
            for _ in range(rounds):
                det = root.copy()
                P.determinize_row(det, T, me, self._det_rng)
                seed = int(self._np_rng.integers(1, 2**62))
                for a in active:
                    leaves[k] = det
                    apply_unchecked(leaves[k], T, a)
                    rng_seed_one(rng_rows[k], seed)  # the same rollout randomness for every action
                    k += 1
            masks = np.zeros((n, NUM_ACTIONS), np.int8)
            lengths = np.zeros(n, np.int64)
            seat_kinds = np.full((n, 2), P.AGENT_HEURISTIC, np.int32)
            P.playout_batch(leaves, T, masks, rng_rows, seat_kinds, self.max_rollout_decisions, lengths)
            winners = leaves[:, H_WINNER]
            k = 0
            for _ in range(rounds):
                for a in active:
                    w = int(winners[k])
                    rewards[a].append(1.0 if w == me else (0.5 if w not in (0, 1) else 0.0))
                    k += 1
            budget -= n
            if phase < phases - 1:
                # sequential halving: keep the better half (paired means: same rounds for all)
                order = sorted(active, key=lambda a: -float(np.mean(rewards[a])))
                keep = order[: max(2, (len(order) + 1) // 2)]
                if heur not in keep:
                    keep[-1] = heur  # the heuristic's move is the baseline every other must beat
                active = keep
        best = max(active, key=lambda a: float(np.mean(rewards[a])))
        switched = False
        if best != heur:
            # paired differences over the rounds both were played in (both survived every phase)
            d = np.asarray(rewards[best]) - np.asarray(rewards[heur])
            se = float(d.std(ddof=1)) / math.sqrt(d.size) if d.size > 1 else float("inf")
            if float(d.mean()) > self.margin * se and float(d.mean()) > 0:
                switched = True
            else:
                best = heur
        self.last_stats = {
            "simulations": self.simulations - budget,
            "heuristic_action": heur,
            "switched": switched,
            "root": {a: (len(r), float(np.mean(r))) for a, r in rewards.items()},
        }
        return int(best)
