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


# ---- the card-text tests' small pools and games (tests/fftcg/test_fftcg_card_text*.py) ----------------
def card_record(prefix: str, default_element: str = "fire"):
    """``rec(i, name, type, cost, power, job, text, element=default_element)``: a raw card record of
    the FF-TCG JSON lists (number ``{prefix}-{i:03d}``), for a test's made-up pool."""

    def rec(i, name, t, cost, power, job, text, element=default_element):
        return {"id": f"{prefix}-{i:03d}", "name": name, "element": element, "type": t, "cost": cost, "power": power,
                "job": job, "category": "I", "text": text}  # fmt: skip

    return rec


def import_mini(tmp_path_factory, tag: str, records: list[dict]):
    """``(import result, compiled pool)`` of ``records`` written as a card list and imported the way
    ``tcg cards import`` does (the card-text compiler included)."""
    import json

    from tcg_env.games.fftcg.cards import compile_fftcg_pool
    from tcg_env.games.fftcg.importer import import_fftcg_json

    p = tmp_path_factory.mktemp(tag) / f"{tag}.json"
    p.write_text(json.dumps(records))
    res = import_fftcg_json(p)
    return res, compile_fftcg_pool(res)


def mini_deck(res, copies: int = 4) -> list[str]:
    """A 50-card deck of ``copies`` of each card of the import ``res`` (cut at 50)."""
    return ([c.number for c in res] * copies)[:50]


def slot_of(g, number: str, zone=K.Zone.FIELD, player: int = 0) -> int:
    """The slot of card ``number`` in ``zone`` under ``player``'s control."""
    from tcg_env.games.fftcg import state as S

    cid = g.pool.card_id(number)
    for slot in range(K.N_SLOTS):
        w = slot * S.CARD_W
        if g.state[S.CARD + w] == cid and g.state[S.ZONE + w] == zone and g.state[S.CONTROLLER + w] == player:
            return slot
    raise AssertionError(f"{number} not in zone {zone}")


def first_payment(g) -> int:
    """The first payment action (not PASS) of a PAY_CP decision."""
    return next(int(a) for a in g.legal_actions() if int(a) != K.PASS)


def backup_payment(g) -> int:
    """A payment by dulling a Backup (the hand kept for later casts), else the first offered."""
    acts = [int(a) for a in g.legal_actions() if int(a) != K.PASS]
    field = [a for a in acts if K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS]
    return (field or acts)[0]


def resolve_stack(g, limit: int = 40, pay=backup_payment) -> None:
    """Pay (``pay(g)`` at each PAY_CP decision) and pass, else take the first action, until the
    stack is empty at a priority decision, or the game ends."""
    from tcg_env.games.fftcg import state as S

    for _ in range(limit):
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            return
        acts = [int(a) for a in g.legal_actions()]
        g.step(pay(g) if g.decision == K.Decision.PAY_CP else (K.PASS if K.PASS in acts else acts[0]))
