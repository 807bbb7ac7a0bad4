"""The template game's Python adapter: action descriptions, what a seat sees (the board), snapshots,
entity observations, card lists and deck summaries: the spec's Python hooks (tcg_env.adapter's
``ADAPTER_HOOKS``, found here by ``game_spec``)."""

from __future__ import annotations

import numpy as np

from tcg_env.adapter import (
    ActionWords, board_header, card_attribute, check_progress, check_ranges, deck_counts, if_there, pool_fingerprint,
    snapshot_dict, snapshot_restorer, zone_count_domains,
)
from tcg_env.engine.header import H_DONE, H_TURN
from tcg_env.engine.layout import SnapshotError
from tcg_env.engine.zones import zone_list, zone_lists
from tcg_env.games.template import constants as K
from tcg_env.games.template import state as S
from tcg_env.spec import CardZones

GAME = "template"
SNAPSHOT_FORMAT = 1
D = K.Decision
KINDS = [k.name.lower() for k in K.CardKind]


def _zone(row, z, p) -> list[int]:
    return zone_list(row, S.ZONES, z, p)


def _cid(row, slot: int) -> int:
    return int(row[S.CARD + slot * S.CARD_W])


def card_zones(row) -> CardZones:
    """Every card's zone list (the conformance kit's card conservation)."""
    held = [s for s in range(K.N_SLOTS) if _cid(row, s) >= 0]
    return CardZones(zones={(p, name): slots for (p, name), slots in zone_lists(row, S.ZONES).items()},
                     owners={s: int(row[S.OWNER + s * S.CARD_W]) for s in held})


# ---- describe_action: the action layout's blocks worded by decision (tcg_env.adapter.ActionWords) ----
def _cost(pool, cid: int) -> str:
    c = pool.cards[cid]
    parts = [f"{c[K.C_COST + k]} {k.name.lower()}" for k in K.Colour if c[K.C_COST + k]]
    return ", ".join(parts + ([f"{c[K.C_GENERIC]} any"] if c[K.C_GENERIC] else [])) or "free"


def _hand(act) -> str:
    """A hand card played (with its cost, R 6.1), Negating (R 8) or discarded (R 10.1)."""
    verb = {D.COUNTER: "Negate with", D.DISCARD: "Discard"}.get(act.kind, "Play")
    if act.slot < 0:
        return f"{verb} hand card {act.i}"
    cost = "" if verb == "Discard" else f" ({_cost(act.game.pool, _cid(act.row, act.slot))})"
    return f"{verb} {act.card}{cost}{act.copy}"


WORDS = {
    "pass_": {D.MAIN: "End the turn", D.COUNTER: "Don't negate", D.BLOCK: "Don't block",
              D.OPTIONAL_DRAW: "Don't draw", None: "Pass"},
    "yes": {None: "Draw a card (Herald)"},
    "hand": {None: _hand},
    "field": {D.BLOCK: if_there("Block with {card}", "Block with field card {i}"),
              None: if_there("Attack with {card}", "Attack with field card {i}")},
}
# what the blocks' first index points at: the decider's hand and field (ACTIONS' points_at)
POINTEES = {"hand": lambda row, p: _zone(row, K.Zone.HAND, p), "my_field": lambda row, p: _zone(row, K.Zone.FIELD, p)}
# the spec's describe_action; two copies of a card in hand are two actions: "Play Ember Imp (1 red)
# (hand card 3)"
describe_action = ActionWords(K.ACTIONS, D, WORDS, POINTEES, lambda game, slot: game.pool.names[_cid(game._row, slot)],
                              copies={"hand": "hand card"})  # fmt: skip


# ---- the board ----------------------------------------------------------------------------------
def public_view(game, viewer: int | None = None):
    """What ``viewer`` (0 / 1, None: everything) sees (R 2): life; the field with power and
    orientation; the hand to its owner only; deck and discard counts; the stack."""
    from tcg_env.view import AreaView, BoardView, CardView, PlayerView

    row, pool = game._row, game.pool

    def card(s: int) -> CardView:
        w = s * S.CARD_W
        power = int(pool.cards[_cid(row, s), K.C_POWER]) + int(row[S.POWER_EOT + w])
        flags = ("rested",) if row[S.RESTED + w] else ()
        return CardView(s, pool.names[_cid(row, s)], flags=flags, stats=(("power", str(power)),))

    players = []
    for p in range(2):
        field, hand = _zone(row, K.Zone.FIELD, p), _zone(row, K.Zone.HAND, p)
        seen = viewer is None or viewer == p
        areas = (AreaView("field", tuple(field), tuple(card(s) for s in field), "lines"),
                 AreaView("hand", tuple(hand), tuple(CardView(s, pool.names[_cid(row, s)]) for s in hand)
                          if seen else None, "inline", counted=True),
                 AreaView("deck", tuple(_zone(row, K.Zone.DECK, p)), None, "count", counted=True),
                 AreaView("discard", tuple(_zone(row, K.Zone.DISCARD, p)), None, "count", counted=True))
        mana = ", ".join(f"{k.name.lower()} {int(row[S.MANA + p * K.N_COLOURS + k])}" for k in K.Colour)
        players.append(PlayerView((("life", int(row[S.LIFE + p])),), areas, (f"mana: {mana}",)))
    stack = _zone(row, K.Zone.STACK, 0) + _zone(row, K.Zone.STACK, 1)
    shared = (AreaView("the stack", tuple(stack), tuple(CardView(s, pool.names[_cid(row, s)]) for s in stack), "lines"),)
    tp = int(row[S.TURN_PLAYER])
    head = board_header("Template game", row, tp, "", D)
    return BoardView("Template game", int(row[H_TURN]), tp, "main", head[1], tuple(players), shared, bool(row[H_DONE]))


def render(game, viewer: int | None = None) -> str:
    from tcg_env.view import render_board

    return render_board(public_view(game, viewer))


# ---- snapshots ----------------------------------------------------------------------------------
def to_dict(game) -> dict:
    return snapshot_dict(game, GAME, SNAPSHOT_FORMAT, S.LAYOUT, D)


VALUE_DOMAINS = {"variant": (0, 0), "turn_player": (0, 1), "first_player": (0, 1), "window_open": (0, 1),
                 "priority_player": (0, 1), **zone_count_domains(S.ZONES)}


def check_snapshot(row: np.ndarray, pool) -> None:
    """The values in their domains; every card in exactly the list its record names; a game in
    progress with a legal action."""
    from tcg_env.games.template import SPEC

    def err(msg):
        raise SnapshotError(f"{GAME} snapshot: {msg}")

    S.LAYOUT.check_header(row)
    S.LAYOUT.check_values(row, VALUE_DOMAINS)
    check_ranges(row, (("chase_count", S.CHASE_COUNT, 0, K.CHASE_MAX),), err)
    seen = S.ZONES.check(row, err)
    for slot in range(K.N_SLOTS):
        cid = _cid(row, slot)
        if not -1 <= cid < pool.n_cards:
            err(f"slot {slot} has card id {cid}, outside this pool (0..{pool.n_cards - 1})")
        if cid >= 0 and slot not in seen:
            err(f"slot {slot} holds a card in no zone")
    check_progress(row, pool, err, SPEC.kernels, K.NUM_ACTIONS, D)


from_dict = snapshot_restorer(GAME, SNAPSHOT_FORMAT, S.LAYOUT, pool_fingerprint, check_snapshot)


# ---- card lists, decks -------------------------------------------------------------------------
def card_attributes(pool) -> dict:
    """``tcg cards list`` filters: --type, --power."""
    return {"type": card_attribute(pool, K.C_KIND, KINDS), "power": card_attribute(pool, K.C_POWER)}


def deck_summary(pool, deck) -> str:
    """``14 creature, 4 spell, 3 counter; Ember Pup 8, ...``."""
    kinds = deck_counts(pool, deck.card_ids, K.C_KIND, KINDS)
    names: dict[str, int] = {}
    for cid in np.asarray(deck.card_ids).tolist():
        names[pool.names[cid]] = names.get(pool.names[cid], 0) + 1
    return ", ".join(f"{n} {k}" for k, n in kinds.items()) + "; " + ", ".join(f"{k} {n}" for k, n in names.items())
