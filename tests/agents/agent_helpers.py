"""Helpers for the agent tests: the heuristic's move and steps through a scenario position (the
`scenario` fixture itself is in this folder's conftest.py)."""

from __future__ import annotations

from tcg_env.games.fftcg import constants as K

D = K.Decision


def heuristic_move(game, seed=0) -> int:
    from agents.heuristic import HeuristicAgent

    return HeuristicAgent(seed=seed).act(None, game.action_mask(), game=game)


def action(game, text: str) -> int:
    """The first legal action whose description starts with ``text``."""
    for a in game.legal_actions():
        if game.describe_action(int(a)).startswith(text):
            return int(a)
    raise AssertionError(f"no legal action starts with {text!r}: {[game.describe_action(int(a)) for a in game.legal_actions()]}")


def pass_until(game, decision, limit=50):
    for _ in range(limit):
        if game.decision == decision:
            return
        game.step(K.PASS)
    raise AssertionError(f"never reached {decision.name}; now {game.decision.name}")


def to_block(game, attacker_name):
    """From turn player's Main 1 priority: pass to the Attack Phase, attack with ``attacker_name``
    alone, and stop at the opponent's block declaration."""
    game.step(K.PASS)
    game.step(K.PASS)
    pass_until(game, D.DECLARE_ATTACK)
    game.step(action(game, f"Attack with {attacker_name}"))
    if game.decision == D.ADD_TO_PARTY:
        game.step(K.PASS)
    pass_until(game, D.DECLARE_BLOCK)


def describe(game, a) -> str:
    return game.describe_action(int(a))


__all__ = ["D", "heuristic_move", "action", "pass_until", "to_block", "describe"]
