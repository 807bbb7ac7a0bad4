"""Helpers of the FF-TCG rule tests (a module of its own: several test folders have a conftest.py,
so ``from conftest import ...`` would find whichever was imported first)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path

from tcg_env.games.fftcg import constants as K

DATA = Path(__file__).parent / "data"
# a legal 50-card constructed deck of test cards (3 copies each, plus two more)
TEST_DECK = [f"T-{i:03d}" for i in range(1, 17) for _ in range(3)] + ["T-022", "T-022"]


@dataclass(frozen=True)
class RuleSet:
    """One of FF-TCG's rule sets (conftest's ``rules`` fixture): ``name`` "2016" / "2014", the
    registered ``game`` and its package (``tcg_env.games.<game>``). The 2014 variant's state row,
    tables and observation extend FF-TCG's by appended words, so FF-TCG's offsets hold in both."""

    name: str
    game: str
    pool_loader: str  # the card compiler's function in <package>.cards

    def module(self, name: str):
        """The rule set's module ``name`` (``cards``, ``hooks``, ``scenario``...)."""
        return importlib.import_module(f"tcg_env.games.{self.game}.{name}")

    def load_pool(self, path):
        return getattr(self.module("cards"), self.pool_loader)(path)

    @property
    def Scenario(self):
        return self.module("scenario").Scenario

    def starter_pool(self):
        """FF-TCG 2016's starter card file (the ``FF1-*`` cards, ``STARTER_DECKS``) compiled by this
        rule set's card compiler."""
        if self.name not in _STARTER:
            _STARTER[self.name] = self.load_pool(FFTCG_DATA / "cards.toml")
        return _STARTER[self.name]


FFTCG_DATA = Path(__file__).resolve().parents[2] / "tcg_env" / "games" / "fftcg" / "data"
STARTER_DECKS = tuple(str(FFTCG_DATA / "decks" / f"{d}.toml") for d in ("fire_wind_aggro", "ice_water_control"))
_STARTER: dict = {}


RULE_SETS = {"2016": RuleSet("2016", "fftcg", "load_fftcg_pool"), "2014": RuleSet("2014", "fftcg_2014", "load_pool")}


def find_action(game, text: str) -> int:
    """The legal action whose description starts with ``text`` (one description must match)."""
    hits = [int(a) for a in game.legal_actions() if game.describe_action(int(a)).startswith(text)]
    if len({game.describe_action(a) for a in hits}) == 1:
        return hits[0]  # copies of the same card are interchangeable: take the first
    if len(hits) != 1:
        legal = [game.describe_action(int(a)) for a in game.legal_actions()]
        raise AssertionError(f"{len(hits)} legal actions start with {text!r}; legal: {legal}")
    return hits[0]


def do(game, *texts: str):
    for t in texts:
        game.step(find_action(game, t))


def is_legal(game, text: str) -> bool:
    return any(game.describe_action(int(a)).startswith(text) for a in game.legal_actions())


def pass_until(game, decision: K.Decision, limit=50):
    """Pass (action 0) until the pending decision is ``decision``."""
    for _ in range(limit):
        if game.decision == decision:
            return
        game.step(K.PASS)
    raise AssertionError(f"never reached {decision.name}; now {game.decision.name}")


def on_path(game, path: str):
    """``game`` played on the priority shortcut (``path="shortcut"``, the engine as it is) or on the
    full path (``"full"``): there the flag ``priority_rules_clean`` (docs/architecture.md) is cleared
    before every step, so each pass goes through the full priority point (CR 12.3). A rule must hold
    on both."""
    if path == "full":
        from tcg_env.games.fftcg import state as S

        step = game.step

        def full_step(action):
            game._row[S.PRIORITY_CLEAN] = 0
            step(action)

        game.step = full_step
    return game


def revealed_in_observation(g, viewer):
    """The card ids ``viewer``'s observation shows in its ``revealed`` block: (its own latest reveal,
    the opponent's), each in the block's order."""
    from tcg_env.games.fftcg import constants as K
    from tcg_env.games.fftcg import observation as O

    obs = g.observe(viewer)
    rows = obs[O.OBS_REVEALED : O.OBS_REVEALED + 2 * K.REVEAL_ROWS * O.REVEALED_FEATURES].reshape(2, K.REVEAL_ROWS, -1)
    return tuple([int(r[1]) - 1 for r in side if r[0] == 1.0] for side in rows)
