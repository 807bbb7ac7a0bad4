"""Weiss Schwarz Python side: action descriptions, the text board, snapshots (the entity
observations are tcg_env.adapter's defaults from observation.OBS)."""

from __future__ import annotations

import numpy as np

from tcg_env.engine.tables import unpack_tables
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_TURN
from tcg_env.engine.layout import FLAG, SnapshotError
from tcg_env.engine.zones import zone_list
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz import state as S
from tcg_env.games.weiss_schwarz.constants import Decision
from tcg_env.games.weiss_schwarz.state import RS_CLOCK_DRAWS, RS_NONE
from tcg_env.adapter import (ActionWords, board_header, candidates, card_attribute, check_progress, check_ranges,
                             deck_counts, if_there, slots_in_zone, snapshot_check, snapshot_restorer, zone_count_domains)
from tcg_env.adapter import card_zones as table_card_zones
from tcg_env.adapter import pool_fingerprint as shared_fingerprint
from tcg_env.spec import CardZones

SNAPSHOT_FORMAT = 1
ZONE_NAMES = {z: z.name.lower() for z in K.Zone}
POS_NAMES = ["center left", "center middle", "center right", "back left", "back right"]


def _names(pool):
    names = getattr(pool, "names", None)
    return names


def card_name(pool, cid: int) -> str:
    names = _names(pool)
    if names is not None and 0 <= cid < len(names):
        return str(names[cid])
    return f"card#{cid}"


def pool_fingerprint(pool) -> str:
    return shared_fingerprint(pool, numbers=False)


def stage(row, p: int) -> list[int]:
    return [int(x) for x in row[S.STAGE + p * K.N_POSITIONS : S.STAGE + (p + 1) * K.N_POSITIONS]]


def card_zones(row) -> CardZones:
    """Where every card is (``GameSpec.card_zones``, used by the conformance kit): the nine zone
    lists of each player, its stage positions, and its markers (CR 3.7: cards under a character,
    kept only in the card records and counted per position)."""
    extra = {}
    for p in range(2):
        extra[(p, "stage")] = [s for s in stage(row, p) if s >= 0]
        extra[(p, "marker")] = slots_in_zone(row, S.ZONES, K.Zone.MARKER, owner=p)
    return table_card_zones(row, S.ZONES, extra)


def _slot_name(game, slot: int) -> str:
    return card_name(game.pool, int(game._row[S.CARD + slot * S.CARD_W]))


def _tables(pool):
    """(cards, abilities) int32 tables of ``pool``, read from its kernel tables (any pool object the
    game runs on, a compiled one or a test's hand-built one)."""
    cards, abilities = unpack_tables(pool.kernel_tables)[:2]
    return cards, abilities


def _summary(pool, arow: int) -> str:
    """The compiled pool's words for ability ``arow`` ("" for a pool without them)."""
    fn = getattr(pool, "ability_summary", None)
    return fn(arow) if fn is not None and 0 <= arow < getattr(pool, "n_abilities", 0) else ""


def _ability_words(game, slot: int, arow: int) -> str:
    """``<card>'s ability (<summary>)`` of ability row ``arow`` of the card in ``slot``."""
    _, abilities = _tables(game.pool)
    if not 0 <= arow < abilities.shape[0]:
        return _slot_name(game, slot) if slot >= 0 else "an ability"
    name = _slot_name(game, slot) if slot >= 0 else card_name(game.pool, int(abilities[arow, K.A_CARD]))
    summary = _summary(game.pool, arow)
    return f"{name}'s ability" + (f" ({summary})" if summary else "")


def _pending(game, p: int, i: int) -> tuple[int, int]:
    """(source slot, ability row) of pending automatic ability ``i`` of player ``p`` (CR 8.7.2)."""
    e = S.PT + (p * K.PENDING_MAX + i) * 3
    return int(game._row[e]), int(game._row[e + 1])


def _source(game) -> str:
    """What the pending choice is for: the ability whose effect asks (the top effect frame, the cost
    being paid, the pending ability offered), or the trigger icon being performed (CR 4.12.2); ""
    when nothing asks."""
    row = game._row
    kind, p = int(row[H_DECISION]), int(row[H_DECIDER])
    why = int(row[S.DEC_ARG + 1])
    if kind in (K.Decision.CHOOSE_TARGET, K.Decision.CHOOSE_POSITION) and why == K.ChoiceFor.TRIGGER_ICON:
        ts = int(row[S.TRIG_SLOT])
        if ts < 0:
            return "a trigger icon"
        cid = int(row[S.CARD + ts * S.CARD_W])
        # battle.trigger_icon_step counts the icon as begun before it asks: the one performed is the previous
        i = min(max(int(row[S.TRIG_ICON_I]) - 1, 0), 1)
        icon = K.TriggerIcon(int(_tables(game.pool)[0][cid, (K.C_TRIGGER0, K.C_TRIGGER1)[i]]))
        return f"the {icon.name.lower()} trigger of {card_name(game.pool, cid)}"
    if kind == K.Decision.PAY_COST:
        return _ability_words(game, int(row[S.PAY_SLOT]), int(row[S.PAY_ABIL]))
    if kind == K.Decision.OPTIONAL_EFFECT and why == 0:  # a pending ability that may be played (CR 8.7.3.1.1)
        return _ability_words(game, *_pending(game, p, int(row[S.DEC_ARG])))
    n = int(row[S.FRAME_N])
    if n <= 0:
        return ""
    f = S.FRAMES + (n - 1) * S.FRAME_W
    return _ability_words(game, int(row[f + S.FR_SLOT]), int(row[f + S.FR_ABIL]))


def _hand_name(act) -> str:
    return act.card if act.slot >= 0 else f"hand {act.i}"


def _choose_hand(act) -> str:
    return f"{_HAND_VERBS.get(act.kind, 'Choose')} {_hand_name(act)}{act.copy}"


def _play_to(act) -> str:
    return f"Play {_hand_name(act)} to {POS_NAMES[act.index[1]]}{act.copy}"


_HAND_VERBS = {
    K.Decision.MULLIGAN: "Mulligan away",
    K.Decision.CLOCK: "Clock (then draw 2)",
    K.Decision.MAIN: "Play event",
    K.Decision.CLIMAX: "Play climax",
    K.Decision.COUNTER: "Counter with",
    K.Decision.HAND_LIMIT: "Discard",
    K.Decision.PAY_COST: "Pay with",
}


def _use_ability(act) -> str:
    """Ability ``j`` of the character on ``pos``: its j-th ACT ability, or COUNTER_ACT in the counter
    step (play.ability_usable_kind)."""
    pos, j = act.index
    if act.slot < 0:
        return f"Use ability {j} of the empty {POS_NAMES[pos]}"
    want = K.AbilityKind.COUNTER_ACT if act.kind == K.Decision.COUNTER else K.AbilityKind.ACT
    cards, abilities = _tables(act.game.pool)
    cid = int(act.row[S.CARD + act.slot * S.CARD_W])
    first = int(cards[cid, K.C_ABIL_START])
    acts = [r for r in range(first, first + int(cards[cid, K.C_ABIL_COUNT])) if int(abilities[r, K.A_KIND]) == want]
    summary = _summary(act.game.pool, acts[j]) if j < len(acts) else ""
    return f"Use ability {j} of {act.card} ({POS_NAMES[pos]})" + (f": {summary}" if summary else "")


def _level_up(act) -> str:
    clock = zone_list(act.row, S.ZONES, K.Zone.CLOCK, act.p)
    return f"Level up with {_slot_name(act.game, clock[act.i])}" if act.i < len(clock) else f"Level up option {act.i}"


def _play_next(act) -> str:
    """ORDER_AUTO: OPTION k plays the decider's pending automatic ability k next (CR 8.7.2). The
    option's index is the pending index: the candidate list is not filled for this decision (its
    entries are a former decision's cards), so the slot it points at means nothing here."""
    if not 0 <= act.i < int(act.row[S.PT_N + act.p]):
        return f"Play pending automatic ability {act.i} next"
    return f"Play next: {_ability_words(act.game, *_pending(act.game, act.p, act.i))}"


def _name_or_empty(game, slot: int) -> str:
    return _slot_name(game, slot) if slot >= 0 else "empty"


def _stage_of(p_of):
    """``POINTEES`` entry: the stage positions of player ``p_of(decider)`` (none without a decider)."""
    return lambda row, p: stage(row, p_of(p)) if p in (0, 1) else []


# the wording of each action block (constants.ACTIONS) by the pending decision, None: any other;
def _looking(act) -> bool:
    """An up-to look's "one more card?" (CR 3.2.3.1, ChoiceFor.LOOK_MORE), not a "do it?"."""
    return int(act.row[S.DEC_ARG + 1]) == K.ChoiceFor.LOOK_MORE


# ``{pos}``: the stage position of the action's first index
WORDS = {
    "pass": {
        Decision.MULLIGAN: "Mulligan done: draw as many as discarded",
        Decision.CLOCK: "Skip the clock",
        Decision.MAIN: "End the main phase",
        Decision.CLIMAX: "Play no climax",
        Decision.ATTACK: "End the attack phase",
        Decision.COUNTER: "No counter",
        Decision.ENCORE_PAY: "Decline Encore",
        Decision.TRIGGER_OPTION: "Decline the trigger",
        Decision.OPTIONAL_EFFECT: lambda act: "Stop looking at cards" if _looking(act) else f"Decline {_source(act.game) or 'the ability'}",
        None: "Pass / stop choosing",
    },
    "hand": {None: _choose_hand},
    "play": {None: _play_to},
    "own_stage": {
        Decision.ENCORE: "Put reversed {card} ({pos}) into the waiting room",
        None: "Choose own {pos} ({card})",
    },
    "opp_stage": {None: "Choose opponent's {pos} ({card})"},
    "ability": {None: _use_ability},
    "move": {None: lambda act: "Swap {} and {}".format(*(POS_NAMES[q] for q in K.MOVE_PAIRS[act.i]))},
    "attack": {None: lambda act: f"{K.AttackType(act.index[1] + 1).name.title()} attack with {act.card}"},
    "option": {
        Decision.LEVEL_UP: _level_up,
        Decision.TRIGGER_OPTION: lambda act: f"Use the {K.TriggerIcon(int(act.row[S.DEC_ARG])).name.lower()} trigger",
        Decision.ENCORE_PAY: "Pay Encore [3]",
        Decision.OPTIONAL_EFFECT: lambda act: "Look at one more card" if _looking(act) else f"Use {_source(act.game) or 'the ability'}",
        Decision.ORDER_AUTO: _play_next,
        None: if_there("Choose {card}", "Option {i}"),
    },
}
# what the blocks' first index points at (their observation rows, ACTIONS.pointers())
POINTEES = {"hand": lambda row, p: zone_list(row, S.ZONES, K.Zone.HAND, p) if p in (0, 1) else [],
            "my_stage": _stage_of(lambda p: p), "opp_stage": _stage_of(lambda p: 1 - p),
            "candidates": candidates(S.CAND, S.CAND_N)}  # fmt: skip
# the spec's describe_action (tcg_env.adapter.ActionWords); a choice an ability or a trigger asks for
# says which (``Choose Pyre Archivist for Cinder Urchin's ability (...)``)
describe_action = ActionWords(K.ACTIONS, Decision, WORDS, POINTEES, _name_or_empty, fields=lambda act: {"pos": POS_NAMES[act.i]},
                              source=_source, for_kinds=(Decision.CHOOSE_TARGET, Decision.CHOOSE_POSITION, Decision.PAY_COST),
                              out_of_range="invalid action {a}", game_over=None, copies={"hand": "hand card"})  # fmt: skip


# ---- the board and the play log: what a seat sees (tcg_env.view) ----------------------------------
def _card_info(pool, cid: int) -> str:
    """What a player reads on a card before playing it (CR 2.4-2.6): level, cost and a character's
    power (``L1/C0 4500``), a climax as ``climax``."""
    row = _tables(pool)[0][cid]
    t = int(row[K.C_TYPE])
    if t == K.CardType.CLIMAX:
        return "(climax)"
    out = f"L{int(row[K.C_LEVEL])}/C{int(row[K.C_COST])}"
    return f"({out} {int(row[K.C_POWER])})" if t == K.CardType.CHARACTER else f"({out} event)"


# a stage character's restrictions (RESTRICT_* bits) as the board names them
_RESTRICTION_WORDS = ((K.RESTRICT_CANT_ATTACK, "cannot attack"), (K.RESTRICT_CANT_FRONTAL, "cannot frontal attack"),
                      (K.RESTRICT_CANT_SIDE, "cannot side attack"),
                      (K.RESTRICT_CANT_DIRECT, "cannot direct attack"), (K.RESTRICT_CANT_BE_CHOSEN, "cannot be chosen"),
                      (K.RESTRICT_CANT_MOVE, "cannot move"), (K.RESTRICT_NO_ENCORE, "cannot use Encore"),
                      (K.RESTRICT_CANT_REVERSE, "cannot become [REVERSE]"),
                      (K.RESTRICT_CANT_REVERSE_OPP_AUTO, "cannot become [REVERSE] by the opponent's [AUTO] effects"),
                      (K.RESTRICT_NO_OPP_AUTO_DAMAGE_YOU, "its master receives no damage by the opponent's [AUTO] "
                       "effects"),
                      (K.RESTRICT_BATTLE_NO_OPP_AUTO_DAMAGE_YOU, "in its battle its master receives no damage by the "
                       "opponent's [AUTO] effects"),
                      (K.RESTRICT_NO_SIDE_SOUL, "soul does not decrease by side attacking"),
                      (K.RESTRICT_CANT_TO_HAND, "cannot be returned to hand"),
                      (K.RESTRICT_CANT_TO_MEMORY, "cannot be put into memory"),
                      (K.RESTRICT_NO_DAMAGE, "cannot deal damage to players"),
                      (K.RESTRICT_CANT_STAND_PHASE, "cannot [STAND] in the stand phase"),
                      (K.RESTRICT_NO_EVENTS_YOU, "its master cannot play events"),
                      (K.RESTRICT_NO_BACKUP_YOU, "its master cannot play Backup"),
                      (K.RESTRICT_BATTLE_NO_EVENTS_YOU, "in its battle its master cannot play events"),
                      (K.RESTRICT_BATTLE_NO_BACKUP_YOU, "in its battle its master cannot play Backup"),
                      (K.RESTRICT_BATTLE_NO_EVENTS_OPP, "in its battle the other player cannot play events"),
                      (K.RESTRICT_BATTLE_NO_BACKUP_OPP, "in its battle the other player cannot play Backup"),
                      (K.RESTRICT_HAND_LIMIT_UP, "its master's hand limit +1"),
                      (K.RESTRICT_CX_ANY_COLOR_YOU, "its master's climax need no color"),
                      (K.RESTRICT_EVENT_ANY_COLOR_YOU, "its master's events need no color"),
                      (K.RESTRICT_NO_WR_TO_HAND_ATK_YOU, "its master cannot return characters from the waiting room "
                                                         "to the hand in the attack phase"))


def _stage_flags(pool, row, sl: int) -> tuple[str, ...]:
    """What a stage character has now beyond its printed card (CR 3.1.3: public), as the observation's
    stage row shows it: its restrictions (printed, granted until the end of the turn or by a [CONT]
    ability: D_RST) and the abilities granted to it (KWMOD / KWMOD_LONG / D_KW bits from GRANT_BIT0, each its kind, as
    triggers.trigger_card reads them), each as ``granted auto <trigger>: <effect>``."""
    b = sl * S.CARD_W
    rst = int(row[S.D_RST + b])
    out = tuple(w for bit, w in _RESTRICTION_WORDS if rst & bit)
    # characteristics.granted_bits: each word's granted bits, bit A_ZONE - GRANT_ZONE0 of the packed number
    granted = sum((int(row[w + b]) >> K.GRANT_BIT0) << (g * K.GRANT_KIND_STRIDE) for g, w in
                  ((K.GRANT_UNTIL_TURN_END, S.KWMOD), (K.GRANT_UNTIL_OPP_TURN_END, S.KWMOD_LONG), (K.GRANT_BY_CONT, S.D_KW)))  # fmt: skip
    if granted:
        zones = pool.abilities[:, K.A_ZONE]
        out += tuple(pool.ability_summary(r) for r in range(len(zones))
                     if zones[r] >= K.GRANT_ZONE0 and (granted >> (int(zones[r]) - K.GRANT_ZONE0)) & 1)
    return out


def public_view(game, viewer: int | None = None):
    """What ``viewer`` (0 / 1; None: everything) sees (:class:`tcg_env.view.BoardView`): each
    player's level and clock (the score, CR 4.3.2, 4.5), the stage by position (CR 3.4) with each
    character's power and soul, the climax area, the clock and the level zone (face up, CR 3.8,
    3.9); the hand (level, cost, power) only to its owner; stock, deck and markers as counts (the
    stock's latest trigger-check card named: CR 7.3.1.2 revealed it to both), the waiting room and
    memory as counts; the cards a pending look has looked at (CR 3.2.3) to the looking player."""
    from tcg_env.view import AreaView, BoardView, CardView, PlayerView

    row = game._row
    pool = game.pool

    def cid_of(sl):
        return int(row[S.CARD + sl * S.CARD_W])

    def named(slots):
        return tuple(CardView(sl, card_name(pool, cid_of(sl))) for sl in slots)

    players = []
    for p in range(2):
        zl = {z: zone_list(row, S.ZONES, z, p) for z in (K.Zone.DECK, K.Zone.HAND, K.Zone.WAITING_ROOM, K.Zone.CLOCK,
                                                         K.Zone.LEVEL, K.Zone.STOCK, K.Zone.MEMORY, K.Zone.RESOLUTION,
                                                         K.Zone.CLIMAX_AREA)}  # fmt: skip
        on_stage = []
        for pos, sl in enumerate(stage(row, p)):
            if sl < 0:
                continue
            b = sl * S.CARD_W
            orient = K.Orientation(int(row[S.ORIENT + b]))
            flags = () if orient == K.Orientation.STAND else (orient.name.lower(),)
            if int(row[S.ATK_SLOT]) == sl:
                flags += ("attacking",)
            flags += _stage_flags(pool, row, sl)
            on_stage.append(CardView(sl, card_name(pool, cid_of(sl)), label=POS_NAMES[pos],
                                     info=f"L{int(row[S.D_LEVEL + b])}", flags=flags,
                                     stats=(("power", str(int(row[S.D_POWER + b]))), ("soul", str(int(row[S.D_SOUL + b]))))))
        markers = [sl for sl in range(p * K.MAX_DECK, (p + 1) * K.MAX_DECK)
                   if cid_of(sl) >= 0 and int(row[S.ZONE + sl * S.CARD_W]) == K.Zone.MARKER]  # fmt: skip
        hand = zl[K.Zone.HAND]
        n_looked = int(row[S.LOOKED_N]) if int(row[H_DECIDER]) == p and not row[H_DONE] else 0
        looked = list(reversed(zl[K.Zone.DECK]))[:n_looked]
        areas = (
            AreaView("stage", tuple(c.slot for c in on_stage), tuple(on_stage), "lines"),
            AreaView("climax", tuple(zl[K.Zone.CLIMAX_AREA]), named(zl[K.Zone.CLIMAX_AREA]), "inline"),
            AreaView("level", tuple(zl[K.Zone.LEVEL]), named(zl[K.Zone.LEVEL]), "inline"),
            AreaView("clock", tuple(zl[K.Zone.CLOCK]), named(zl[K.Zone.CLOCK]), "inline"),
            AreaView("hand", tuple(hand), tuple(CardView(sl, card_name(pool, cid_of(sl)), info=_card_info(pool, cid_of(sl)))
                                                for sl in hand) if viewer is None or viewer == p else None,
                     "inline", counted=True),
            AreaView("deck", tuple(zl[K.Zone.DECK]), None, "count", counted=True),
            # the cards a pending look at the top of the deck has looked at (CR 3.2.3; the observation's looked
            # block): to the looking player only, top first; listed after the deck, so the log says "deck -> look"
            AreaView("look", tuple(looked), named(looked), "inline") if looked and (viewer is None or viewer == p)
            else AreaView("look", (), (), "none"),
            # face down (CR 3.10), but the latest trigger-check card was revealed to both on its way
            # there (CR 7.3.1.2, 3.13.1.2): named, so that the log says which card went to the stock
            AreaView("stock", tuple(zl[K.Zone.STOCK]), named([sl for sl in zl[K.Zone.STOCK] if sl == int(row[S.LAST_TRIG + p])]),
                     "count", counted=True),
            AreaView("waiting room", tuple(zl[K.Zone.WAITING_ROOM]), named(zl[K.Zone.WAITING_ROOM]), "count", counted=True),
            AreaView("memory", tuple(zl[K.Zone.MEMORY]), named(zl[K.Zone.MEMORY]), "count"),
            AreaView("markers", tuple(markers), None, "count"),
            AreaView("resolution", tuple(zl[K.Zone.RESOLUTION]), named(zl[K.Zone.RESOLUTION]), "none"),
        )  # fmt: skip
        scores = (("level", len(zl[K.Zone.LEVEL])), ("clock", len(zl[K.Zone.CLOCK])))
        players.append(PlayerView(scores, areas))
    tp = int(row[S.TURN_PLAYER])
    where = K.Phase(int(row[S.PHASE])).name.lower() + " phase"
    step = K.AttackStep(int(row[S.STEP]))
    if K.Phase(int(row[S.PHASE])) == K.Phase.ATTACK and step != K.AttackStep.NONE:
        where += f": {step.name.lower()} step"
    status = board_header("", row, tp, "", K.Decision)[1]
    return BoardView("Weiss Schwarz", int(row[H_TURN]), tp, where, status, tuple(players), done=bool(row[H_DONE]))


def to_dict(game) -> dict:
    row = game._row
    pool = game.pool
    cards = []
    for slot in range(K.N_SLOTS):
        cid = int(row[S.CARD + slot * S.CARD_W])
        if cid < 0:
            continue
        cards.append({"slot": slot, "card": cid, "name": card_name(pool, cid),
                      "owner": int(row[S.OWNER + slot * S.CARD_W]),
                      "zone": ZONE_NAMES[K.Zone(int(row[S.ZONE + slot * S.CARD_W]))]})
    return {
        "game": "weiss_schwarz",
        "format": SNAPSHOT_FORMAT,
        "pool": {"cards": int(unpack_tables(pool.kernel_tables)[0].shape[0]), "fingerprint": pool_fingerprint(pool)},
        "decision": {"kind": K.Decision(int(row[H_DECISION])).name, "player": int(row[H_DECIDER])},
        "cards": cards,
        "fields": S.LAYOUT.to_fields(row),
    }


# the value domain of every field the engine reads as a flag, a player or an enum (the zone lists,
# counts, stage and card ids are checked by check_consistency; the remaining fields are free integers)
VALUE_DOMAINS = {
    "variant": (0, 0),  # one rules variant
    "turn_player": (0, 1),
    "first_player": (0, 1),
    "mulligan_stage": (0, 2),  # starting player, the other, done (CR 5.2.1.4)
    "phase": K.Phase,
    "attack_step": K.AttackStep,
    "attack_type": K.AttackType,
    "decision": K.Decision,
    "zone": K.Zone,
    "orientation": K.Orientation,
    "position": (-1, K.N_POSITIONS - 1),
    "climax_played": FLAG,
    "shot_armed": FLAG,
    "counter_used": FLAG,
    "move_run_open": FLAG,
    "suspended_action": (RS_NONE, RS_CLOCK_DRAWS),  # the action a level up suspended (CR 9.1.2.1)
    # every zone count, Weiss Schwarz's life among them (clock_count, level_count: CR 9.3, 9.4.1.1),
    # 0..its list's capacity. No tighter bound holds in every stored position: damage puts its
    # cards into the clock together, so a clock may hold 7 or more while a level up is pending or
    # suspended (CR 9.3.1, 9.3.3), and a player reaching level 4 loses only at the next check timing
    # (CR 9.4.1), which a decision may come before
    **zone_count_domains(S.ZONES),
}


def check_values(row: np.ndarray) -> None:
    """Flags 0 or 1, players 0 or 1, enums inside their enum, an RNG state that can move: a
    SnapshotError naming the field and element otherwise."""
    S.LAYOUT.check_header(row)
    S.LAYOUT.check_values(row, VALUE_DOMAINS)


def check_consistency(row: np.ndarray, pool) -> None:
    """Every card is in exactly the zone its record says; counts in range; a pending decision has
    a legal action."""
    from tcg_env.games.weiss_schwarz import SPEC

    def err(msg):
        raise SnapshotError("weiss_schwarz snapshot: " + msg)

    n_cards = unpack_tables(pool.kernel_tables)[0].shape[0]
    seen = S.ZONES.check(row, err)
    for p in range(2):
        for pos, slot in enumerate(stage(row, p)):
            if slot < 0:
                continue
            if not 0 <= slot < K.N_SLOTS or slot // K.MAX_DECK != p:
                err(f"stage position {pos} of player {p} holds slot {slot}, not a card of that player")
            if slot in seen:
                err(f"slot {slot} is on the stage and in {seen[slot]}")
            seen[slot] = "stage"
            if int(row[S.ZONE + slot * S.CARD_W]) != K.Zone.STAGE or int(row[S.POS + slot * S.CARD_W]) != pos:
                err(f"slot {slot} is on stage position {pos} of player {p} but its record disagrees")
    for slot in range(K.N_SLOTS):
        cid = int(row[S.CARD + slot * S.CARD_W])
        z = int(row[S.ZONE + slot * S.CARD_W])
        if cid < -1 or cid >= n_cards:
            err(f"slot {slot} has card id {cid}, outside this pool (0..{n_cards - 1})")
        if int(row[S.OWNER + slot * S.CARD_W]) != slot // K.MAX_DECK:
            err(f"slot {slot} must be owned by player {slot // K.MAX_DECK}")
        if cid < 0 and z != 0:
            err(f"slot {slot} is empty but has zone {z}")
        if cid >= 0 and z != K.Zone.MARKER and slot not in seen:
            err(f"slot {slot} holds a card in no zone")
        if z not in [int(x) for x in K.Zone]:
            err(f"slot {slot} has unknown zone {z}")
    cards = unpack_tables(pool.kernel_tables)[0]
    for p in range(2):  # CX_SLOTS is derived from the card ids (zones.list_climax_slots)
        want = [slot for slot in range(p * K.MAX_DECK, (p + 1) * K.MAX_DECK)
                if int(row[S.CARD + slot * S.CARD_W]) >= 0
                and int(cards[int(row[S.CARD + slot * S.CARD_W]), K.C_TYPE]) == K.CardType.CLIMAX]
        n_cx = int(row[S.CX_SLOT_N + p])
        got = [int(x) for x in row[S.CX_SLOTS + p * K.MAX_DECK : S.CX_SLOTS + (p + 1) * K.MAX_DECK]]
        if n_cx != len(want) or got != want + [-1] * (K.MAX_DECK - len(want)):
            err(f"climax_slots of player {p} ({got[:max(n_cx, 0)]}, count {n_cx}) are not the slots holding its "
                f"climax cards ({want})")
    for p in range(2):
        for pos in range(K.N_POSITIONS):
            n_m = sum(1 for slot in range(p * K.MAX_DECK, (p + 1) * K.MAX_DECK)
                      if int(row[S.ZONE + slot * S.CARD_W]) == K.Zone.MARKER and int(row[S.POS + slot * S.CARD_W]) == pos)
            if int(row[S.MARKER_N + p * K.N_POSITIONS + pos]) != n_m:
                err(f"marker_count of player {p} position {pos} is {int(row[S.MARKER_N + p * K.N_POSITIONS + pos])}, "
                    f"but {n_m} cards are markers there")
    check_ranges(row, (
        ("frame_count", S.FRAME_N, 0, K.FRAME_MAX),
        ("candidate_count", S.CAND_N, 0, K.OPTION_SLOTS),
        ("pending_count", S.PT_N, 0, K.PENDING_MAX),
        ("pending_count", S.PT_N + 1, 0, K.PENDING_MAX),
        ("phase", S.PHASE, 0, len(K.Phase) - 1),
        ("attack_step", S.STEP, 0, len(K.AttackStep) - 1),
        ("decision", H_DECISION, 0, K.N_DECISIONS - 1),
        ("turn_player", S.TURN_PLAYER, 0, 1),
        ("first_player", S.FIRST_PLAYER, 0, 1),
    ), err)
    check_progress(row, pool, err, SPEC.kernels, K.NUM_ACTIONS, K.Decision)


check_snapshot = snapshot_check(check_values, check_consistency)
from_dict = snapshot_restorer("weiss_schwarz", SNAPSHOT_FORMAT, S.LAYOUT, pool_fingerprint, check_snapshot)


# ---- networks and training ---------------------------------------------------------------------
def shaping_potential() -> dict[int, float]:
    """{observation column: weight} of "opponent's damage minus mine, as a fraction of the damage
    that loses": level 4, i.e. 3 levels of 7 clock plus 7 (CR 1.2.1.1, 4.5: damage = 7 * level +
    clock, so ``level_div4`` counts 28/28 per 4 levels and ``clock_div7`` 7/28 per 7 clock). The
    observation is already scaled column by column in the engine, so the spec has no ``obs_scale``."""
    from tcg_env.games.weiss_schwarz.observation import GLOBAL_COLUMNS, OBS_GLOBAL

    col = {n: OBS_GLOBAL + i for i, n in enumerate(GLOBAL_COLUMNS)}
    return {col["opp_level_div4"]: 1.0, col["opp_clock_div7"]: 0.25,
            col["my_level_div4"]: -1.0, col["my_clock_div7"]: -0.25}


# ---- card lists and decks ------------------------------------------------------------------------
TYPE_NAMES = [t.name.lower() for t in sorted(K.CardType)]


def card_attributes(pool) -> dict:
    """``tcg cards list`` filters: --color, --type, --cost, --level."""
    return {"color": card_attribute(pool, K.C_COLOR, K.COLOR_NAMES), "type": card_attribute(pool, K.C_TYPE, TYPE_NAMES),
            "cost": card_attribute(pool, K.C_COST), "level": card_attribute(pool, K.C_LEVEL)}


def deck_summary(pool, deck) -> str:
    """``42 character, 8 climax; yellow 30, green 20``."""
    types = deck_counts(pool, deck.card_ids, K.C_TYPE, TYPE_NAMES)
    colors = deck_counts(pool, deck.card_ids, K.C_COLOR, K.COLOR_NAMES, order="count")
    return ", ".join(f"{n} {t}" for t, n in types.items()) + "; " + ", ".join(f"{c} {n}" for c, n in colors.items())
