"""The set-up the Weiss Schwarz card-text engine tests share (test_ws_card_text_s9 / s10 / s11): a small
made-up card list imported like a real one, decks of it, scenarios, and reading a game."""

from __future__ import annotations

import json

import numpy as np

from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.cards import compile_ws_pool
from tcg_env.games.weiss_schwarz.importer import import_ws_json
from tcg_env.games.weiss_schwarz.scenario import Scenario



def rec(code, name, ability=(), type="Character", level="0", power="3000", traits=("Glass",), trigger=(), cost="0",
        color="YELLOW", soul=1) -> dict:
    """A made-up card record in the database's format (a character of trait Glass unless said): what the card-text
    tests import."""
    char = type == "Character"
    return {"code": code, "name": name, "type": type, "color": color, "level": level if type != "Climax" else "-",
            "cost": cost if type != "Climax" else "-", "power": power if char else "-", "soul": soul if char else 0,
            "trigger": list(trigger), "attributes": list(traits) if char else [], "ability": list(ability), "side": "W"}  # fmt: skip

def import_pool(tmp_path_factory, name: str, records: list[dict]):
    """``records`` written as a card list and imported (every line must compile), compiled into a pool."""
    p = tmp_path_factory.mktemp(name) / "list.json"
    p.write_text(json.dumps(records))
    res = import_ws_json(p)
    assert not res.unsupported, res.unsupported
    return compile_ws_pool(res.cards)


def deck_of(n_cards: int, first: int, extra=()) -> np.ndarray:
    """50 cards: 4 of card ``first``, the ``extra`` ids, then one of each other card in turn (at most 4 of a
    name, CR 5.1.2.2)."""
    ids = [first] * 4 + list(extra)
    others = [i for i in range(n_cards) if i != first]
    k = 0
    while len(ids) < 50:
        c = others[k % len(others)]
        if ids.count(c) < 4:
            ids.append(c)
        k += 1
    return np.array(ids, np.int32)


def main_phase(pool, n_cards: int, first: int, extra=(), **kw):
    """A main-phase scenario, both players with :func:`deck_of`'s deck."""
    return Scenario.main_phase(pool, decks=(deck_of(n_cards, first, extra), deck_of(n_cards, first, extra)), **kw)


def power(g, slot) -> int:
    return int(g.state[S.D_POWER + slot * S.CARD_W])


def orient(g, slot) -> int:
    """The card's orientation (constants.Orientation: STAND, REST, REVERSE)."""
    return int(g.state[S.ORIENT + slot * S.CARD_W])


def count(g, zone: str, p: int = 0) -> int:
    """Player ``p``'s number of cards in ``zone`` (a state list name: "HAND", "WR", "STOCK" ...)."""
    return int(g.state[getattr(S, zone + "_N") + p])


def labels(g) -> list[str]:
    return [g.describe_action(int(a)) for a in g.legal_actions()]


def act(g, text: str) -> None:
    """Take the legal action whose description starts with ``text``."""
    for a in g.legal_actions():
        if g.describe_action(int(a)).startswith(text):
            g.step(int(a))
            return
    raise AssertionError(f"no action {text!r}: {labels(g)}")


def look_all(g) -> int:
    """"Look at up to N cards" (CR 3.2.3.1): look at one more card as long as the player may; returns how many."""
    k = 0
    while "Look at one more card" in labels(g):
        act(g, "Look at one more card")
        k += 1
    return k


def put_marker(sc, card, under_pos, player=0) -> int:
    """A copy of ``card`` put underneath the character at ``under_pos`` as a marker (CR 3.5.3)."""
    from tcg_env.games.weiss_schwarz import constants as K
    slot = sc.put(player, card, "waiting_room")  # on top of the waiting room: taken off it again
    r = sc.row
    assert int(r[S.WR_L + player * K.MAX_DECK + int(r[S.WR_N + player]) - 1]) == slot
    r[S.WR_N + player] -= 1
    r[S.ZONE + slot * S.CARD_W] = K.Zone.MARKER
    r[S.POS + slot * S.CARD_W] = under_pos
    r[S.MARKER_N + player * K.N_POSITIONS + under_pos] += 1
    return slot


def zone_of(g, slot) -> int:
    return int(g.state[S.ZONE + slot * S.CARD_W])


def resolved(g) -> bool:
    """No ability resolving or standing by (CR 8.7.2)."""
    return int(g.state[S.FRAME_N]) == 0 and int(g.state[S.PT_N]) == 0 and int(g.state[S.PT_N + 1]) == 0


def answer_yes(g, yes: bool, limit=40):
    """Answer the decisions until nothing resolves: the optional ones with ``yes``, the others with the first
    legal choice."""
    for _ in range(limit):
        if resolved(g):
            return
        d = labels(g)
        pick = next((x for x in d if x.startswith(("Use", "Yes", "Do it", "Pay") if yes else ("Decline", "No", "Do not", "Skip"))), d[0])
        g.step(int(g.legal_actions()[d.index(pick)]))
    raise AssertionError("not resolved")


def answer_picks(g, picks, limit=20):
    """Answer the decisions until nothing resolves: the i-th with the legal action starting with ``picks[i]``
    (the first legal action once the picks run out)."""
    picks = list(picks)
    for _ in range(limit):
        if resolved(g):
            return
        d = labels(g)
        pick = picks.pop(0) if picks else None
        j = next((k for k, x in enumerate(d) if pick and x.startswith(pick)), 0)
        g.step(int(g.legal_actions()[j]))
    raise AssertionError("not resolved")
