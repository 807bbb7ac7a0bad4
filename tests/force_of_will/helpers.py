"""Scenario helpers for the Force of Will rule tests."""

from __future__ import annotations

from fow_tables import Row
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S

Z, D, St = K.Zone, K.Decision, K.Step


def step(r: Row) -> int:
    return int(r.s[S.STEP])


def turn_player(r: Row) -> int:
    return int(r.s[S.TURN_PLAYER])


def to_main(r: Row, turn: int | None = None) -> Row:
    """Pass until the turn player has priority in its main phase (of ``turn``, or the next)."""
    r.skip_mulligans()
    r.pass_until(lambda x: step(x) == St.MAIN and x.decision == D.PRIORITY and x.decider == turn_player(x)
                 and (turn is None or int(x.s[9]) == turn))
    return r


def main_row(P, seed=0, turn=None) -> Row:
    return to_main(Row(P, seed=seed), turn)


def life(r: Row, p: int) -> int:
    return int(r.s[S.LIFE + p])


def will(r: Row, p: int) -> list[int]:
    return [int(x) for x in r.s[S.WILL + p * K.N_WILL: S.WILL + (p + 1) * K.N_WILL]]


def play(r: Row, p: int, name: str) -> None:
    r.act(K.PLAY_HAND_BASE + r.hand_index(p, name))


def to_hand(r: Row, p: int, name: str) -> int:
    return r.put(p, name, Z.HAND)


def pass_both(r: Row) -> None:
    """The player with priority passes, then the other."""
    r.act(K.PASS)
    r.act(K.PASS)


def cast(r: Row, p: int, name: str, attr: int, n_will: int = 1) -> None:
    """``p`` plays ``name`` from its hand, given ``n_will`` will of ``attr`` for it."""
    to_hand(r, p, name)
    r.give_will(p, attr, n_will)
    play(r, p, name)


def search_row(P) -> tuple[Row, int]:
    """The turn player's Tracker ("search your main deck for a resonator") has resolved: its SEARCH
    decision is pending. (the row, the turn player)"""
    r = main_row(P)
    tp = turn_player(r)
    cast(r, tp, "Tracker", K.Attribute.WIND)
    pass_both(r)
    return r, tp


def attack(r: Row, attacker: int, target: int | None = None) -> None:
    """From main timing: initiate battle, pass to the declaration, attack ``target`` (None: the player)."""
    p = turn_player(r)
    r.act(K.BATTLE)
    r.pass_until(lambda x: x.decision == D.ATTACKER)
    r.act(K.OWN_FIELD_BASE + r.field_index(p, attacker))
    if target is None:
        r.act(K.ATTACK_PLAYER)
    else:
        r.act(K.OPP_FIELD_BASE + r.field_index(1 - p, target))


def resolve_chant(g, card: int, steps: int = 12) -> None:
    """Pass priority (choosing the first offered target when asked) until chant ``card`` of facade game ``g``
    resolves into its owner's graveyard; fails if it has not after ``steps`` decisions."""
    from tcg_env.engine.header import H_DECISION

    for _ in range(steps):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        legal = g.legal_actions().tolist()
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            g.step([a for a in legal if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS][0])
        else:
            g.step(K.PASS)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD  # the chant resolved


def pass_until(g, decision: int, steps: int = 10) -> None:
    """Pass priority in facade game ``g`` until the pending decision is ``decision`` (a chant resolving up to
    its question); fails if it is not after ``steps`` passes."""
    from tcg_env.engine.header import H_DECISION

    for _ in range(steps):
        if int(g.state[H_DECISION]) == decision:
            return
        g.step(K.PASS)
    assert int(g.state[H_DECISION]) == decision, f"no decision {decision} after {steps} passes"
