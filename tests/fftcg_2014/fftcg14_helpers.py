"""Helpers of the FF-TCG 2014 rule tests (2014 CR: /work/shared/rules/fftcg-sqex-system-2014.txt), a
module of its own like ``tests/fftcg/fftcg_helpers.py`` (several test folders have a conftest.py)."""

from __future__ import annotations

from pathlib import Path

from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S

DATA = Path(__file__).parent / "data"
FFTCG_DATA = Path(__file__).parent.parent / "fftcg" / "data"
POOL_FILES = (FFTCG_DATA / "rules_pool.toml", DATA / "cards_2014.toml")
# a legal 50-card deck of FF-TCG's test cards (the 2014 cards a test needs are put where it wants them)
TEST_DECK = [f"T-{i:03d}" for i in range(1, 17) for _ in range(3)] + ["T-022", "T-022"]
D = K.Decision
Ask = K.Ask


def find_action(game, text: str) -> int:
    """The legal action whose description starts with ``text`` (one description must match)."""
    hits = [int(a) for a in game.legal_actions() if game.describe_action(int(a)).startswith(text)]
    if len({game.describe_action(a) for a in hits}) == 1:
        return hits[0]  # copies of the same card are interchangeable: take the first
    legal = [game.describe_action(int(a)) for a in game.legal_actions()]
    raise AssertionError(f"{len(hits)} legal actions start with {text!r}; legal: {legal}")


def do(game, *texts: str):
    for t in texts:
        game.step(find_action(game, t))


def is_legal(game, text: str) -> bool:
    return any(game.describe_action(int(a)).startswith(text) for a in game.legal_actions())


def legal(game) -> list[str]:
    return [game.describe_action(int(a)) for a in game.legal_actions()]


def pass_until(game, decision, limit=60):
    """Pass (action 0) until the pending decision is ``decision``."""
    for _ in range(limit):
        if game.decision == decision:
            return
        game.step(K.PASS)
    raise AssertionError(f"never reached {decision.name}; now {game.decision.name}")


def on_path(game, path: str):
    """``game`` on the priority shortcut (``"shortcut"``: the engine as it is) or on the full path
    (``"full"``: the flag ``priority_rules_clean`` cleared before every step, so every pass goes
    through the full priority point, 2014 CR 12.3): a rule must hold on both."""
    if path == "full":
        step = game.step

        def full_step(action):
            game._row[S.PRIORITY_CLEAN] = 0
            step(action)

        game.step = full_step
    return game


def ask(game) -> int:
    """What the pending decision is about (``constants.Ask``)."""
    return int(game.state[S.ASK])


def names(game, player: int, zone) -> list[str]:
    """The names of ``player``'s cards in ``zone`` (a ``K.Zone``), bottom .. top."""
    from tcg_env.engine.zones import zone_list

    row = game.state
    return [game.pool.names[int(row[S.CARD + s * S.CARD_W])] for s in zone_list(row, S.ZONES, int(zone), player)]


def field(game, player: int) -> list[str]:
    return names(game, player, K.Zone.FIELD)


def hand(game, player: int) -> list[str]:
    return names(game, player, K.Zone.HAND)


def break_zone(game, player: int) -> list[str]:
    return names(game, player, K.Zone.BREAK)


def power(game, slot: int) -> int:
    return int(game.state[S.D_POWER + slot * S.CARD_W])


def zone_of(game, slot: int) -> int:
    return int(game.state[S.ZONE + slot * S.CARD_W])


def is_dull(game, slot: int) -> bool:
    return bool(game.state[S.DULL + slot * S.CARD_W])


def equips(game, item_slot: int) -> int:
    """The slot of the character the Item equips (-1: none)."""
    return int(game.state[S.EQUIPS + item_slot * S.X_W]) - 1
