"""Helpers of the Weiss Schwarz tests (a module of its own: several test folders have a
conftest.py, so ``from conftest import ...`` would find whichever was imported first)."""

from __future__ import annotations

# card ids of basic_pool()
SCOUT, GUARD, SUPPORTER, MESSENGER, BRAWLER, HELPER, CAPTAIN, IDOL, ACE, INSIGHT, PARRY, FINALE = range(12)
CX_POOL, CX_COMEBACK, CX_DRAW, CX_SHOT, CX_TREASURE, CX_GATE, CX_STANDBY = range(12, 19)
SHIFTER, CHANGELING, SENTINEL, RESONATOR, FUSER, TITAN, SCHOLAR = range(20, 27)



def find_action(game, text: str) -> int:
    """The legal action whose description starts with ``text`` (copies are interchangeable)."""
    hits = [int(a) for a in game.legal_actions() if game.describe_action(int(a)).startswith(text)]
    if not hits:
        raise AssertionError(f"no legal action starts with {text!r}; legal: "
                             f"{[game.describe_action(int(a)) for a in game.legal_actions()]}")
    return hits[0]


def descriptions(game) -> list[str]:
    return [game.describe_action(int(a)) for a in game.legal_actions()]
