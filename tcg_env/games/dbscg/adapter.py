"""The Dragon Ball Super Card Game's Python adapter: action descriptions, what a seat sees (the
board), snapshots, card lists and deck summaries: the spec's Python hooks (tcg_env.adapter's
``ADAPTER_HOOKS``, found here by ``game_spec``)."""

from __future__ import annotations

import numpy as np

from tcg_env.adapter import (
    ActionWords, board_header, card_attribute, check_progress, check_ranges, deck_counts, if_there, pool_fingerprint,
    snapshot_dict, snapshot_restorer, zone_count_domains,
)
from tcg_env.adapter import card_zones as table_card_zones
from tcg_env.engine.header import H_DECISION, H_DONE, H_TURN
from tcg_env.engine.layout import SnapshotError
from tcg_env.engine.zones import zone_list
from tcg_env.games.dbscg import constants as K
from tcg_env.games.dbscg import state as S
from tcg_env.spec import CardZones

GAME = "dbscg"
SNAPSHOT_FORMAT = 1
D = K.Decision
TYPES = [t.name.lower() for t in K.CardType]
COLOURS = [c.name.lower() for c in K.Colour]


def _zone(row, z, p) -> list[int]:
    return zone_list(row, S.ZONES, z, p)


def _cid(row, slot: int) -> int:
    return int(row[S.CARD + slot * S.CARD_W])


def card_zones(row) -> CardZones:
    """Where every card is (the conformance kit's card conservation). A token is no card of a
    deck (10-18-1): it is not listed."""
    tokens = {s for s in range(K.N_SLOTS) if s % K.PLAYER_SLOTS >= K.TOKEN_FIRST}
    return table_card_zones(row, S.ZONES, ignore=tokens)


def _field(row, p) -> list[int]:
    return _zone(row, K.Zone.LEADER, p) + _zone(row, K.Zone.BATTLE, p)


# ---- describe_action ---------------------------------------------------------------------------------
def _name(game, slot: int) -> str:
    return game.pool.names[_cid(game._row, slot)] if slot >= 0 else "(none)"


def _cost(pool, cid: int) -> str:
    c = pool.cards[cid]
    spec = "".join(COLOURS[k][0].upper() * int(c[K.C_SPEC + k]) for k in range(K.N_COLOURS))
    return f"{int(c[K.C_COST])}{'(' + spec + ')' if spec else ''}"


def _hand(act) -> str:
    if act.slot < 0:
        return f"hand card {act.i}"
    cid = _cid(act.row, act.slot)
    pool = act.game.pool
    battle = int(pool.cards[cid, K.C_TYPE]) == K.CardType.BATTLE
    if act.kind == D.REDRAW:
        return f"Put back {act.card}{act.copy}"
    if act.kind == D.CHARGE:
        return f"Charge {act.card} as energy{act.copy}"
    if act.kind == D.COUNTER:
        return f"[Counter] {act.card}{act.copy}"
    if act.kind in (D.OFFENCE, D.DEFENCE):
        if battle:
            return f"Combo with {act.card} from the hand (+{int(pool.cards[cid, K.C_COMBO_POWER])}){act.copy}"
        return f"Activate {act.card}{act.copy}"
    verb = "Play" if battle else "Activate"
    return f"{verb} {act.card} (cost {_cost(pool, cid)}){act.copy}"


def _hand_skill(act) -> str:
    if act.slot < 0:
        return f"hand card {act.i} by its keyword"
    how = K.HandSkill(int(act.game.pool.cards[_cid(act.row, act.slot), K.C_HAND_SKILL])).name.replace("_", "-").title()
    return f"Play {act.card} with [{how}]{act.copy}"


def _attack(act) -> str:
    target = _field(act.row, 1 - act.p)
    j = act.index[1]
    what = "the Leader" if j == 0 else (act.game.pool.names[_cid(act.row, target[j])] if j < len(target) else f"card {j}")
    return f"Attack {what} with {act.card}"


_NOT_ACTIVATED = (K.AbilityKind.AUTO, K.AbilityKind.PERMANENT, K.AbilityKind.COUNTER_PLAY, K.AbilityKind.COUNTER_ATTACK,
                  K.AbilityKind.COUNTER_COUNTER)


def _skill(act) -> str:
    """An [Activate]-type skill: the k-th of the card's (play.field_skill), and what it does."""
    text = f"Activate skill {act.index[1] + 1} of {act.card}"
    if act.slot < 0:
        return text
    pool = act.game.pool
    rows = [a for a in pool.ability_rows(_cid(act.row, act.slot)) if pool.abilities[a, K.A_KIND] not in _NOT_ACTIVATED]
    return f"{text}: {pool.ability_summary(rows[act.index[1]])}" if act.index[1] < len(rows) else text


def _source(game) -> str:
    """What the pending choice is for: the skill resolving (the top effect frame), or the card
    being played with [Evolve]."""
    row, pool = game._row, game.pool
    if int(row[H_DECISION]) == D.SELECT and int(row[S.DEC_ARG]) == -2:
        return f"the [Evolve] of {pool.names[_cid(row, int(row[S.PLAYING]))]}"
    if int(row[S.FRAME_N]) == 0:
        return ""
    f = S.FRAMES + (int(row[S.FRAME_N]) - 1) * S.FRAME_W
    cid, arow = int(row[f + S.FRAME_CARD]), int(row[f + S.FRAME_ABILITY])
    return f"{pool.names[cid]} ({pool.ability_summary(arow)})" if cid >= 0 else ""


WORDS = {
    "pass_": {D.MAIN: "End the Main Phase", D.OFFENCE: "No more combos", D.DEFENCE: "No more combos",
              D.COUNTER: "No counter", D.BLOCKER: "Don't block", D.OPTIONAL: "No", D.CHARGE: "Charge nothing",
              D.REDRAW: "Done redrawing", D.SELECT: "Choose no more", None: "Pass"},
    "yes": {None: "Yes"},
    "hand": {None: _hand},
    "hand_skill": {None: _hand_skill},
    "field": {D.BLOCKER: if_there("[Blocker]: guard with {card}"),
              None: if_there("Combo with {card}", "Field card {i}")},
    "attack": {None: _attack},
    "skill": {None: _skill},
    "select": {D.ORDER_AUTO: if_there("Resolve the [Auto] skill of {card} first", "Pending skill {i}"),
               None: if_there("Choose {card}", "Candidate {i}")},
}


def _candidates(row, p) -> list[int]:
    if int(row[H_DECISION]) == D.ORDER_AUTO:
        from tcg_env.engine.triggers import PENDING_W

        base = S.PENDING + p * K.PENDING_MAX * PENDING_W
        return [int(row[base + k * PENDING_W]) for k in range(int(row[S.PENDING_COUNT + p]))]
    return [int(row[S.CAND + k]) for k in range(int(row[S.CAND_COUNT]))]


POINTEES = {"hand": lambda row, p: _zone(row, K.Zone.HAND, p), "my_field": _field, "candidates": _candidates}
describe_action = ActionWords(K.ACTIONS, D, WORDS, POINTEES, _name, copies={"hand": "hand card"}, source=_source,
                              for_kinds=(D.SELECT, D.OPTIONAL))


# ---- the board ----------------------------------------------------------------------------------------------
def public_view(game, viewer: int | None = None):
    """What ``viewer`` (0 / 1, None: everything) sees (3-1-3): the open areas card by card, the
    hand to its owner only, the deck and Life Area as counts (not even to their owner, 3-9-2)."""
    from tcg_env.view import AreaView, BoardView, CardView, PlayerView

    row, pool = game._row, game.pool
    from tcg_env.game import Game  # noqa: F401  (the facade's power_of is the kernels')

    def card(s: int) -> CardView:
        w = s * S.CARD_W
        power = int(pool.cards[_cid(row, s), K.C_POWER]) + int(row[S.POWER_EOT + w] + row[S.POWER_EOB + w]
                                                                + row[S.POWER_STAY + w])
        flags = tuple(f for f, on in (("rest", row[S.RESTED + w]), ("attacking", row[S.ATTACKER] == s),
                                      ("guarding", row[S.GUARD] == s)) if on)
        return CardView(s, pool.names[_cid(row, s)], flags=flags, stats=(("power", str(power)),))

    def names(slots) -> tuple:
        return tuple(CardView(s, pool.names[_cid(row, s)]) for s in slots)

    players = []
    for p in range(2):
        seen = viewer is None or viewer == p
        z = {k: _zone(row, k, p) for k in K.Zone if k not in (K.Zone.NONE, K.Zone.PLAYING)}
        energy = z[K.Zone.ENERGY]
        active = sum(1 for s in energy if not row[S.RESTED + s * S.CARD_W])
        areas = (AreaView("leader", tuple(z[K.Zone.LEADER]), tuple(card(s) for s in z[K.Zone.LEADER]), "lines"),
                 AreaView("battle", tuple(z[K.Zone.BATTLE]), tuple(card(s) for s in z[K.Zone.BATTLE]), "lines"),
                 AreaView("combo", tuple(z[K.Zone.COMBO]), tuple(card(s) for s in z[K.Zone.COMBO]), "lines"),
                 AreaView("energy", tuple(energy), names(energy), "grouped", counted=True),
                 AreaView("hand", tuple(z[K.Zone.HAND]), names(z[K.Zone.HAND]) if seen else None, "inline",
                          counted=True),
                 AreaView("life", tuple(z[K.Zone.LIFE]), None, "none"),  # the score says it
                 AreaView("deck", tuple(z[K.Zone.DECK]), None, "count", counted=True),
                 AreaView("drop", tuple(z[K.Zone.DROP]), names(z[K.Zone.DROP]), "count", counted=True),
                 AreaView("warp", tuple(z[K.Zone.WARP]), names(z[K.Zone.WARP]), "count"))
        players.append(PlayerView((("life", len(z[K.Zone.LIFE])),), areas, (f"energy: {active} active of {len(energy)}",)))
    playing = _zone(row, K.Zone.PLAYING, 0) + _zone(row, K.Zone.PLAYING, 1)
    shared = (AreaView("the counter timing", tuple(playing), names(playing), "lines"),)
    tp = int(row[S.TURN_PLAYER])
    where = S.Phase(int(row[S.PHASE])).name.lower()
    head = board_header("Dragon Ball Super Card Game", row, tp, where, D)
    return BoardView("Dragon Ball Super Card Game", int(row[H_TURN]), tp, where, head[1], tuple(players), shared,
                     bool(row[H_DONE]))


# ---- snapshots -------------------------------------------------------------------------------------------------
def to_dict(game) -> dict:
    return snapshot_dict(game, GAME, SNAPSHOT_FORMAT, S.LAYOUT, D)


VALUE_DOMAINS = {"variant": (0, 0), "turn_player": (0, 1), "first_player": (0, 1), "window_open": (0, 1),
                 "priority_player": (0, 1), "phase": (0, len(S.Phase) - 1), **zone_count_domains(S.ZONES)}


def check_snapshot(row: np.ndarray, pool) -> None:
    """The values in their domains; every card in exactly the list its record names; a game in
    progress with a legal action."""
    from tcg_env.games.dbscg import SPEC

    def err(msg):
        raise SnapshotError(f"{GAME} snapshot: {msg}")

    S.LAYOUT.check_header(row)
    S.LAYOUT.check_values(row, VALUE_DOMAINS)
    check_ranges(row, (("chase_count", S.CHASE_COUNT, 0, K.CHASE_MAX), ("frame_count", S.FRAME_N, 0, K.FRAME_MAX),
                       ("candidate_count", S.CAND_COUNT, 0, K.CAND_N)), err)
    seen = S.ZONES.check(row, err)
    for slot in range(K.N_SLOTS):
        cid = _cid(row, slot)
        if not -1 <= cid < pool.n_cards:
            err(f"slot {slot} has card id {cid}, outside this pool (0..{pool.n_cards - 1})")
        if cid >= 0 and slot not in seen:
            err(f"slot {slot} holds a card in no zone")
    check_progress(row, pool, err, SPEC.kernels, K.NUM_ACTIONS, D)


from_dict = snapshot_restorer(GAME, SNAPSHOT_FORMAT, S.LAYOUT, pool_fingerprint, check_snapshot)


def shaping_potential() -> dict[int, float]:
    """{observation column: weight} of "opponent's progress to losing minus mine": the Life cards
    each player has left of its eight (1-2-1-1-1, 5-2-1-7; the observation holds life / 8)."""
    from tcg_env.games.dbscg.observation import G, GLOBALS

    return {G + GLOBALS.names.index("my_life"): 1.0, G + GLOBALS.names.index("opp_life"): -1.0}


# ---- card lists, decks ---------------------------------------------------------------------------------------
def card_attributes(pool) -> dict:
    """``tcg cards list`` filters: --type, --cost, --power."""
    return {"type": card_attribute(pool, K.C_TYPE, TYPES), "cost": card_attribute(pool, K.C_COST),
            "power": card_attribute(pool, K.C_POWER)}


def deck_summary(pool, deck) -> str:
    """``Leader: X; 30 battle, 20 extra; Ember Fighter 4, ...``."""
    ids = np.asarray(deck.card_ids).tolist()
    kinds = deck_counts(pool, ids[1:], K.C_TYPE, TYPES)
    names: dict[str, int] = {}
    for cid in ids[1:]:
        names[pool.names[cid]] = names.get(pool.names[cid], 0) + 1
    return (f"Leader: {pool.names[ids[0]]}; " + ", ".join(f"{n} {k}" for k, n in kinds.items()) + "; "
            + ", ".join(f"{k} {n}" for k, n in names.items()))
