"""Decisions per second of a random OpenSpiel loop over a tcg_env game, next to OpenSpiel's own
C++ ``gin_rummy`` driven by the same loop in the same run.

    python benchmarks/bench_openspiel.py --game fftcg --seconds 10

The loop, per decision: the observation tensor of the player to move, ``state.legal_actions()``,
a uniform choice, ``state.apply_action``; a new game from ``game.new_initial_state()`` when one
ends (gin_rummy's chance nodes are sampled from ``chance_outcomes()`` and not counted).

The observation is read two ways, each measured for both games:
(a) OpenSpiel's Python observation API, ``open_spiel.python.observation.make_observation(game)``,
    ``set_from(state, player)``, the numpy ``tensor`` (what OpenSpiel's docs call the main way to
    get observations in Python): the headline figures;
(b) ``state.observation_tensor()``, a Python list: for a Python game OpenSpiel builds a fresh
    initial state on every call to find the tensor's size (``PyGame::ObservationTensorShape``),
    so this form is much slower for the tcg_env games (docs/openspiel.md).
The two games take turns in slices of about a second, so a change in the machine's load falls on
both. Last line: one JSON object (``decisions_per_s``, ``gin_rummy_decisions_per_s``, their
ratio, and the same for the list form).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class Loop:
    """A random OpenSpiel loop over one game that can be run in slices (the game in play kept)."""

    def __init__(self, game, list_form: bool, seed: int = 0):
        from open_spiel.python.observation import make_observation

        self.game = game
        self.list_form = list_form
        self.obs = make_observation(game)
        self.rng = random.Random(seed)
        self.state = game.new_initial_state()
        self.decisions = 0
        self.seconds = 0.0
        self.games = 0

    def run(self, seconds: float) -> None:
        state, rng, obs, list_form = self.state, self.rng, self.obs, self.list_form
        n = 0
        t0 = time.perf_counter()
        while True:
            for _ in range(200):
                if state.is_terminal():
                    state = self.game.new_initial_state()
                    self.games += 1
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, probs)[0])
                    continue
                player = state.current_player()
                if list_form:
                    state.observation_tensor(player)
                else:
                    obs.set_from(state, player)
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                n += 1
            if time.perf_counter() - t0 >= seconds:
                break
        self.seconds += time.perf_counter() - t0
        self.decisions += n
        self.state = state

    @property
    def rate(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0


def measure(ours, gin, seconds: float, slice_s: float = 1.0) -> None:
    """Alternate the two loops in slices until each has run ``seconds / 2``."""
    half = seconds / 2
    while ours.seconds < half or gin.seconds < half:
        if ours.seconds < half:
            ours.run(min(slice_s, half - ours.seconds))
        if gin.seconds < half:
            gin.run(min(slice_s, half - gin.seconds))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="fftcg", help="a tcg_env game (tcg_env.list_games())")
    ap.add_argument("--seconds", type=float, default=10.0, help="total measuring time (default 10)")
    args = ap.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        print("bench_openspiel: OpenSpiel is not installed: pip install -e '.[openspiel]'", file=sys.stderr)
        return 2
    import numpy as np

    import tcg_env
    import tcg_env.openspiel  # noqa: F401  (registers the games)

    if args.game not in tcg_env.list_games():
        print(f"bench_openspiel: unknown game {args.game!r}; available: {', '.join(tcg_env.list_games())}",
              file=sys.stderr)
        return 2
    if not args.seconds > 0:
        print(f"bench_openspiel: --seconds must be > 0, got {args.seconds}", file=sys.stderr)
        return 2

    from importlib.metadata import version

    print(f"command: {' '.join([os.path.basename(sys.executable)] + sys.argv)}")
    print(f"hardware/versions: python={platform.python_version()}, cpus={os.cpu_count()}, numpy={np.__version__}, "
          f"open_spiel={version('open_spiel')}, platform={platform.platform()}")
    ours_game = pyspiel.load_game(f"tcg_env_{args.game}", {"seed": 0})
    gin_game = pyspiel.load_game("gin_rummy")
    Loop(ours_game, False).run(0.3)  # kernels loaded or compiled, outside the measurement

    # (a) the observation API: 2/3 of the time; (b) the list form: 1/3
    ours, gin = Loop(ours_game, False), Loop(gin_game, False)
    measure(ours, gin, args.seconds * 2 / 3)
    ours_l, gin_l = Loop(ours_game, True), Loop(gin_game, True)
    measure(ours_l, gin_l, args.seconds / 3)

    ratio = ours.rate / gin.rate
    ratio_l = ours_l.rate / gin_l.rate
    print(f"tcg_env_{args.game}, observation API: {ours.rate:,.0f} decisions/s ({ours.games} games ended)")
    print(f"gin_rummy (C++), observation API: {gin.rate:,.0f} decisions/s  (ratio {ratio:.2f}x)")
    print(f"tcg_env_{args.game}, state.observation_tensor() list: {ours_l.rate:,.0f} decisions/s")
    print(f"gin_rummy (C++), state.observation_tensor() list: {gin_l.rate:,.0f} decisions/s  (ratio {ratio_l:.2f}x)")
    print(json.dumps({
        "game": args.game,
        "decisions_per_s": round(ours.rate),
        "gin_rummy_decisions_per_s": round(gin.rate),
        "ratio": round(ratio, 3),
        "list_form_decisions_per_s": round(ours_l.rate),
        "list_form_gin_rummy_decisions_per_s": round(gin_l.rate),
        "list_form_ratio": round(ratio_l, 3),
        "load_avg_1min": round(os.getloadavg()[0], 2),
        "cpus": os.cpu_count(),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
