"""FF-TCG 2014's Python side: FF-TCG's (``tcg_env.games.fftcg.adapter``: the board, the play log,
snapshots, card lists) over this variant's state row and observation, with the words of its
questions (``Ask``) and what each Item equips on the board."""

from __future__ import annotations

import numpy as np

from tcg_env.adapter import pool_fingerprint, snapshot_check, snapshot_restorer
from tcg_env.engine.layout import FLAG
from tcg_env.games.fftcg import adapter as A16
from tcg_env.games.fftcg.adapter import card_zones, render  # noqa: F401  (FF-TCG's, of the same zones)
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S
from tcg_env.games.fftcg_2014.observation import OBS_SIZE

SNAPSHOT_FORMAT = 1
QUESTIONS = {  # Ask -> (yes / a card, no)
    K.Ask.OVERDRIVE: ("Pay the Overdrive of {card} too", "Play {card} without its Overdrive"),
    K.Ask.COMBINATION: ("Combination: remove {named} from your Break Zone for {card}", "Keep {named} in your Break Zone"),
    K.Ask.HAND_ABILITY: ("Discard {card} for its ability instead of playing it", "Play {card}"),
    K.Ask.ASSIST: ("Use the Assist of {card}", "Don't use the Assist of {card}"),
    K.Ask.WAR_GOD: ("War God: put your {target} into the Break Zone for {card}", "Summon {card} without War God"),
    K.Ask.EQUIP: ("Equip {card} to your {target}", ""),
    K.Ask.JUNCTION: ("Junction: remove {target} from the game", ""),
}


def describe_action(game, b_or_action, action=None) -> str:
    row = game._row if action is None else game._rows[b_or_action]
    a = b_or_action if action is None else action
    what = int(row[S.ASK])
    if what == K.Ask.NONE:
        return A16.describe_action(game, b_or_action, action) if action is not None else A16.describe_action(game, a)
    p = int(row[S.DECIDER]) if hasattr(S, "DECIDER") else int(row[2 + 1])
    pool = game.pool
    playing = int(row[S.PLAY_SLOT]) - 1
    subject = int(row[S.DEC_ARG]) if what == K.Ask.ASSIST else playing
    words = {"card": pool.names[int(row[S.CARD + subject * S.CARD_W])] if subject >= 0 else "?"}
    if what == K.Ask.COMBINATION:
        cid = int(row[S.CARD + playing * S.CARD_W])
        name_id = int(pool.cards[cid, K.C_COMBO_NAME + int(row[S.ASK_ARG])])
        words["named"] = next((n for n, i in pool.name_ids.items() if i == name_id), "?")
    yes, no = QUESTIONS[K.Ask(what)]
    if a == K.PASS:
        return no.format(**words)
    if K.OWN_FIELD_BASE <= a < K.OPP_FIELD_BASE:
        words["target"] = pool.names[int(row[S.CARD + int(A16.field(row, p)[a - K.OWN_FIELD_BASE]) * S.CARD_W])]
    elif K.HAND_BASE <= a < K.OWN_FIELD_BASE:
        words["target"] = pool.names[int(row[S.CARD + int(A16.hand(row, p)[a - K.HAND_BASE]) * S.CARD_W])]
    return yes.format(**words)


def public_view(game, viewer: int | None = None):
    """FF-TCG's board; an Item shows the character it equips, a Formation its kind."""
    from dataclasses import replace

    view = A16.public_view(game, viewer)
    row = game._row
    names = game.pool.names
    players = []
    for p, pv in enumerate(view.players):
        areas = []
        for area in pv.areas:
            if area.cards is not None and area.name in ("forwards", "backups", "field"):
                cards = []
                for slot, card in zip(area.slots, area.cards):
                    held = int(row[S.EQUIPS + slot * S.X_W]) - 1
                    cid = int(row[S.CARD + slot * S.CARD_W])
                    kind = K.CardType(int(game.pool.cards[cid, K.C_TYPE])).name.lower()
                    extra = (kind,) if area.name == "field" else ()
                    if held >= 0:
                        extra += (f"equips {names[int(row[S.CARD + held * S.CARD_W])]}",)
                    if int(row[S.OVERDRIVEN + slot * S.X_W]):
                        extra += ("overdrive",)
                    cards.append(replace(card, notes=tuple(getattr(card, "notes", ())) + extra)
                                 if hasattr(card, "notes") else card)
                area = replace(area, cards=tuple(cards))
            areas.append(area)
        players.append(replace(pv, areas=tuple(areas)))
    return replace(view, players=tuple(players), title="Final Fantasy TCG (2014 rules)")


def to_dict(game) -> dict:
    d = A16.to_dict(game)
    d.update(game="fftcg_2014", format=SNAPSHOT_FORMAT, fields=S.LAYOUT.to_fields(game._row))
    return d


VALUE_DOMAINS = {**A16.VALUE_DOMAINS, "decision": K.Decision, "ask": K.Ask, "overdriven": FLAG,
                 "playing_overdrive": FLAG, "playing_stage": (0, 5)}


def check_values(row: np.ndarray) -> None:
    """FF-TCG's value checks on this row (the errors name fftcg_2014), without its cap of 7 damage:
    damage resolution goes on past the 7th card, whose player loses by the next rule process (2014
    CR 6.5.3, 12.4.1), so a position may hold 8 (an EX Burst asked there); the zone bounds it."""
    S.LAYOUT.check_header(row)
    S.LAYOUT.check_values(row, VALUE_DOMAINS)


def check_consistency(row: np.ndarray, pool) -> None:
    from tcg_env.games.fftcg_2014 import SPEC

    A16.check_consistency(row, pool, SPEC.kernels)  # this variant's rules play the row


check_snapshot = snapshot_check(check_values, check_consistency)
from_dict = snapshot_restorer("fftcg_2014", SNAPSHOT_FORMAT, S.LAYOUT, pool_fingerprint, check_snapshot)


def obs_scale() -> np.ndarray:
    scale = np.ones(OBS_SIZE, np.float32)
    scale[: len(A16.obs_scale())] = A16.obs_scale()
    return scale


shaping_potential = A16.shaping_potential
TYPE_NAMES = [t.name.lower() for t in sorted(K.CardType)]


def card_attributes(pool) -> dict:
    return {"element": A16.card_attribute(pool, K.C_ELEMENT, K.ELEMENT_NAMES),
            "type": A16.card_attribute(pool, K.C_TYPE, TYPE_NAMES), "cost": A16.card_attribute(pool, K.C_COST)}


def deck_summary(pool, deck) -> str:
    types = A16.deck_counts(pool, deck.card_ids, K.C_TYPE, TYPE_NAMES)
    elements = A16.deck_counts(pool, deck.card_ids, K.C_ELEMENT, K.ELEMENT_NAMES, order="count")
    return (", ".join(f"{n} {t}s" for t, n in types.items()) + "; "
            + ", ".join(f"{e} {n}" for e, n in elements.items()))  # fmt: skip
