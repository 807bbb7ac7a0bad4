"""FF-TCG 2014's Python side: FF-TCG's (``tcg_env.games.fftcg.adapter``: the board, the play log,
snapshots, card lists) over this variant's state row, with the words of its questions (``Ask``:
which FF-TCG decision asks what, docs/fftcg_2014/actions.md), the board's Monsters, Items (and the
character each equips) and Formations, and snapshots that check what the 2014 words point at."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tcg_env.adapter import ActionWords, _Fields, pool_fingerprint, snapshot_check, snapshot_restorer
from tcg_env.engine.header import H_DECISION
from tcg_env.engine.layout import FLAG, SnapshotError
from tcg_env.games.fftcg import adapter as A16
from tcg_env.games.fftcg.characteristics import current_cost
from tcg_env.games.fftcg.adapter import POINTEES, card_zones, field, hand  # noqa: F401  (FF-TCG's)
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014 import state as S
from tcg_env.games.fftcg_2014.observation import OBS_SIZE

SNAPSHOT_FORMAT = 7  # 2: FF-TCG 2016's fields field_part_inputs, field_part (the kept field part); 3: its derived_clean;
# 4: its summons_cast_this_turn, damage_shield, break_zone_entries; 5: its player_damage_shield; 6: its damage_boost;
# 7: its summons_cast_this_turn with the cards cast, its player_damage_shield with this turn's marks
TYPE_NAMES = [t.name.lower() for t in sorted(K.CardType)]
D = K.Decision
A = K.Ask


# ---- describe_action: FF-TCG's words, and the questions' by their Ask ------------------------------
def _cid(row, slot) -> int:
    return int(row[S.CARD + slot * S.CARD_W])


def _hand_ability(pool, cid) -> str:
    """A hand card's action ability: Blue Magic on a Monster (2014 CR 15.2.11), else Flash (15.2.14)."""
    return "Blue Magic" if int(pool.cards[cid, K.C_TYPE]) == K.CardType.MONSTER else "Flash"


def _cost(row, pool, p, slot) -> int:
    """A hand card's current cost, under the 2014 rules."""
    return int(current_cost(K.RULES, row, pool.kernel_tables, p, slot))


def _subject(row, p) -> int:
    """The card a question is about: Assist's Backup, Junction's character, or the card being played."""
    what = int(row[S.ASK])
    if what == A.ASSIST:
        return int(row[S.DEC_ARG])
    if what == A.JUNCTION:
        return int(field(row, p)[int(row[S.DEC_ARG + 1])])
    return int(row[S.PLAY_SLOT]) - 1


def _fields(act) -> dict:
    """The questions' template fields: ``playing`` (the card asked about), its ``cost``, ``overdrive``,
    ``flash``, and Combination's ``named`` card and ``cut``."""
    pool, row = act.game.pool, act.row
    slot = _subject(row, act.p)
    cid = _cid(row, slot)
    name_id = int(pool.cards[cid, K.C_COMBINATION_NAME0 + min(int(row[S.ASK_ARG]), 1)])
    return {"playing": pool.names[cid], "cost": _cost(row, pool, act.p, slot) if int(row[S.ZONE + slot * S.CARD_W]) == K.Zone.HAND else 0,
            "overdrive": int(pool.cards[cid, K.C_OVERDRIVE_CP]), "cut": int(pool.cards[cid, K.C_COMBINATION_REDUCTION]),
            "named": next((n for n, i in pool.name_ids.items() if i == name_id), "?"),
            "flash": _hand_ability(pool, cid)}  # fmt: skip


def asked(questions: dict, otherwise):
    """The wording ``questions[Ask]`` of the pending question, else FF-TCG's ``otherwise``."""

    def word(act):
        template = questions.get(A(int(act.row[S.ASK])))
        if template is not None:
            return template.format_map(_Fields(act)) if act.i == 0 or act.block.name != "option" else None
        if callable(otherwise):
            return otherwise(act)
        return None if otherwise is None else otherwise.format_map(_Fields(act))

    return word


def _after(act) -> np.ndarray | None:
    """The row after action ``act``, taken on a copy (None: not legal)."""
    row = act.row.copy()
    k = act.game.spec.kernels
    cards, obs, mask = np.zeros(1, np.int32), np.zeros(1, np.float32), np.zeros(K.NUM_ACTIONS, np.int8)
    code = k.row_entry(k.ROW_STEP, row, act.game.pool.kernel_tables, cards, cards, 0, 0, 0, act.a, mask, obs)
    return row if code >= 0 else None


def _play(act) -> str | None:
    """PRIORITY HAND: play the card, or discard it for its Flash / Blue Magic, or be asked which
    (2014 CR 15.2.11, 15.2.14; read from a trial step)."""
    if act.slot < 0:
        return None
    pool, cid = act.game.pool, _cid(act.row, act.slot)
    verb = "Cast" if int(pool.cards[cid, K.C_TYPE]) == K.CardType.SUMMON else "Play"
    text = f"{verb} {act.card} ({_cost(act.row, pool, act.p, act.slot)} CP)"
    if int(pool.cards[cid, K.C_HAND_ABILITY]) >= 0:
        after = _after(act)
        if after is not None and int(after[S.ZONE + act.slot * S.CARD_W]) == K.Zone.BREAK:
            text = f"Discard {act.card} for its {_hand_ability(pool, cid)}"
        elif after is None or int(after[S.ASK]) == A.HAND_ABILITY:
            text += f" or discard it for its {_hand_ability(pool, cid)}"
    return text + act.copy


def _words() -> dict:
    """FF-TCG's WORDS with the 2014 questions (``Ask``)."""
    words = {block: dict(table) for block, table in A16.WORDS.items()}
    words["pass"][D.OPTIONAL_EFFECT] = asked({
        A.OVERDRIVE: "Play {playing} without its Overdrive",
        A.COMBINATION: "Keep {named} in your Break Zone",
        A.HAND_ABILITY: "Play {playing} ({cost} CP) instead of using its {flash}",
        A.ASSIST: "Don't use the Assist of {playing}",
    }, A16.WORDS["pass"][D.OPTIONAL_EFFECT])
    words["pass"][D.CHOOSE_TARGET] = asked({A.WAR_GOD: "Cast {playing} without War God"},
                                           A16.WORDS["pass"][D.CHOOSE_TARGET])
    words["option"][D.OPTIONAL_EFFECT] = asked({
        A.OVERDRIVE: "Pay the Overdrive of {playing} too (+{overdrive} CP)",
        A.COMBINATION: "Combination: remove {named} from your Break Zone for {playing} (-{cut} CP)",
        A.HAND_ABILITY: "Discard {playing} for its {flash} instead of playing it",
        A.ASSIST: "Use the Assist of {playing}",
    }, A16.WORDS["option"][D.OPTIONAL_EFFECT])
    words["own_field"][D.CHOOSE_TARGET] = asked({
        A.WAR_GOD: "War God: put your {card} into the Break Zone for {playing}",
        A.EQUIP: "Equip {playing} to your {card}",
    }, A16.WORDS["own_field"][D.CHOOSE_TARGET])
    words["hand"][D.DISCARD] = asked({A.JUNCTION: "Junction: remove {card} from the game for {playing}{copy}"},
                                     A16.WORDS["hand"][D.DISCARD])
    words["hand"][D.PRIORITY] = _play
    return words


WORDS = _words()


def _source(game) -> str:
    """FF-TCG's (the ability whose effect asks), but a 2014 question names its card itself."""
    return "" if int(game._row[S.ASK]) != A.NONE else A16._source(game)


describe_action = ActionWords(K.ACTIONS, D, WORDS, POINTEES, A16._cname, fields=_fields, source=_source,
                              for_kinds=(D.CHOOSE_TARGET, D.SELECT_CARD, D.DISCARD), copies={"hand": "hand card"})  # fmt: skip


# ---- the board: Monsters, Items and Formations as such ---------------------------------------------
FIELD_AREAS = (((K.CardType.FORWARD,), "forwards", "lines"), ((K.CardType.BACKUP,), "backups", "grouped"),
               ((K.CardType.MONSTER,), "monsters", "lines"), (K.ITEM_TYPES, "items", "lines"),
               ((K.CardType.FORMATION,), "formation", "lines"))  # fmt: skip


def _field_card(game, slot):
    """FF-TCG's field card; an Item says what it equips (2014 CR 15.1.1.11); Junction, Overdrive."""
    card = A16._field_card(game, slot)
    row = game._row
    t = int(game.pool.cards[_cid(row, slot), K.C_TYPE])
    held = int(row[S.EQUIPS + slot * S.X_W]) - 1
    info = ""
    if t in K.ITEM_TYPES:
        info = f"({TYPE_NAMES[t]}, equips {A16._card_name(game, held) if held >= 0 else 'nothing'})"
    flags = card.flags
    if int(row[S.JUNCTIONED + slot * S.X_W]):
        flags += ("junctioned",)
    if int(row[S.OVERDRIVEN + slot * S.X_W]):
        flags += ("overdrive paid",)
    return replace(card, info=info, flags=flags)


def _hand_card(game, slot):
    """FF-TCG's hand card (element, type, cost, a Forward's power), and its Flash / Blue Magic."""
    card = A16._hand_card(game, slot)
    cid = _cid(game._row, slot)
    if int(game.pool.cards[cid, K.C_HAND_ABILITY]) < 0:
        return card
    return replace(card, info=card.info[:-1] + f", {_hand_ability(game.pool, cid)})")


def public_view(game, viewer: int | None = None):
    """FF-TCG's board with the 2014 areas."""
    return A16.public_view(game, viewer, field_areas=FIELD_AREAS, field_card=_field_card, hand_card=_hand_card,
                           title="Final Fantasy TCG (2014 rules)")


def render(game, viewer: int | None = None) -> str:
    return A16.render(game, viewer, view=public_view)


# ---- snapshots: FF-TCG's format plus the 2014 words (docs/fftcg_2014/snapshot.md) -----------------
def to_dict(game) -> dict:
    """FF-TCG's snapshot of this row; an Item's entry in ``cards`` names the slot it equips."""
    d = A16.to_dict(game)
    row = game._row
    for card in d["cards"]:
        held = int(row[S.EQUIPS + card["slot"] * S.X_W]) - 1
        if held >= 0:
            card["equips"] = held
    d.update(game="fftcg_2014", format=SNAPSHOT_FORMAT, fields=S.LAYOUT.to_fields(row))
    return d


VALUE_DOMAINS = {**A16.VALUE_DOMAINS, "ask": K.Ask, "ask_arg": (0, 1), "overdriven": FLAG,
                 "equips": (0, K.N_SLOTS), "junctioned": (0, K.N_SLOTS), "playing": (0, K.N_SLOTS),
                 "playing_stage": (0, 5), "playing_hand_index": (0, K.MAX_DECK - 1), "playing_overdrive": FLAG,
                 "playing_target": (0, K.N_SLOTS)}  # fmt: skip


def check_values(row: np.ndarray) -> None:
    """FF-TCG's checks of the words but its damage cap: damage resolution goes on past the 7th card,
    the loss comes by the next rule process (2014 CR 6.5.3, 12.4.1)."""
    S.LAYOUT.check_header(row)
    S.LAYOUT.check_values(row, VALUE_DOMAINS)


def check_consistency(row: np.ndarray, pool) -> None:
    """The question is asked by its decision; FF-TCG's checks under the 2014 rules; only field cards
    carry the per-card words; only Items equip, a character of their field or nothing (12.4.8)."""
    from tcg_env.games.fftcg_2014 import SPEC

    def err(msg):
        raise SnapshotError("fftcg_2014 snapshot: " + msg)

    what = A(int(row[S.ASK]))
    if what != A.NONE and what not in ASK_DECISIONS.get(D(int(row[H_DECISION])), ()):
        err(f"field 'ask' is {what.name} but the pending decision is {D(int(row[H_DECISION])).name}")
    A16.check_consistency(row, pool, SPEC)

    for slot in range(K.N_SLOTS):
        where = int(row[S.ZONE + slot * S.CARD_W])
        words = {n: int(row[off + slot * S.X_W]) for n, off in
                 (("equips", S.EQUIPS), ("junctioned", S.JUNCTIONED), ("overdriven", S.OVERDRIVEN))}  # fmt: skip
        if where != K.Zone.FIELD and any(words.values()):
            err(f"slot {slot} is not on the field but has {words}: a card that moves forgets them (2014 CR 7.4)")
        held = words["equips"] - 1
        if held < 0:
            continue
        t = int(pool.cards[_cid(row, slot), K.C_TYPE])
        if t not in K.ITEM_TYPES:
            err(f"slot {slot} ({TYPE_NAMES[t]}) has 'equips' {held + 1}: only Items equip (2014 CR 15.1.1.11)")
        ht = int(pool.cards[_cid(row, held), K.C_TYPE]) if _cid(row, held) >= 0 else -1
        if (int(row[S.ZONE + held * S.CARD_W]) != K.Zone.FIELD or ht < 0 or not (1 << ht) & K.TYPEMASK_CHARACTER
                or int(row[S.CONTROLLER + held * S.CARD_W]) != int(row[S.CONTROLLER + slot * S.CARD_W])):
            err(f"slot {slot}'s 'equips' {held + 1} is not a character on the same field (slot {held}): 0 or "
                "1 + the slot of one")


# the decision that asks each question (docs/fftcg_2014/actions.md, "Questions")
ASK_DECISIONS = {D.OPTIONAL_EFFECT: (A.OVERDRIVE, A.COMBINATION, A.HAND_ABILITY, A.ASSIST),
                 D.CHOOSE_TARGET: (A.WAR_GOD, A.EQUIP), D.DISCARD: (A.JUNCTION,)}
check_snapshot = snapshot_check(check_values, check_consistency)
from_dict = snapshot_restorer("fftcg_2014", SNAPSHOT_FORMAT, S.LAYOUT, pool_fingerprint, check_snapshot)


# ---- networks, card lists and decks ---------------------------------------------------------------
def obs_scale() -> np.ndarray:
    """FF-TCG's scale for its columns; the 2014 blocks are already in [0, 1]."""
    scale = np.ones(OBS_SIZE, np.float32)
    scale[: len(A16.obs_scale())] = A16.obs_scale()
    return scale


shaping_potential = A16.shaping_potential


card_attributes, deck_summary = A16.card_attributes, A16.deck_summary  # by the pool's own type names
