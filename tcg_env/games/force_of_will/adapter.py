"""Force of Will Python side: action descriptions, the text board, snapshots, the shaping potential,
deck and card-list summaries (the spec's hooks; docs/force_of_will/actions.md, snapshot.md). The
observation's views and entity rows are tcg_env.adapter's defaults from observation.OBS."""

from __future__ import annotations

import numpy as np

from tcg_env.adapter import (ActionWords, board_header, candidates, card_attribute, check_progress, check_ranges,
                             deck_counts, if_there, pool_fingerprint, snapshot_check, snapshot_restorer, zone_count_domains)
from tcg_env.adapter import card_zones as table_card_zones
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_TURN
from tcg_env.engine.layout import FLAG, SnapshotError
from tcg_env.engine.zones import zone_list
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.cards import cost_words, effect_words
from tcg_env.games.force_of_will import observation as O
from tcg_env.games.force_of_will import state as S
from tcg_env.spec import CardZones

SNAPSHOT_FORMAT = 1
GAME = "force_of_will"
D = K.Decision
TYPE_NAMES = [t.name.lower() for t in sorted(K.CardType)]
WILL_NAMES = [*K.ATTRIBUTE_NAMES, "void", "moon"]  # a will pool's index (Attribute, then WILL_VOID, WILL_MOON)


# ---- reading the row -----------------------------------------------------------------------------
def zone(row, z: K.Zone, p: int) -> list[int]:
    return zone_list(row, S.ZONES, z, p) if p in (0, 1) else []


def _cid(row, slot: int) -> int:
    return int(row[S.CARD + slot * S.CARD_W])


def card_zones(row) -> CardZones:
    """Where every card is (``GameSpec.card_zones``, used by the conformance kit): the eleven zone
    lists of each player (the main deck as "deck"; the field, the ruler area and the chase by
    controller). A ruler is one card in its slot whichever side is up (CR 705.3). A pseudo-card
    (the copy of a rune on the chase, CR 1017.1a) is no physical card: it is not listed."""
    pseudo = {s for s in range(K.N_SLOTS) if row[S.PSEUDO + s * S.CARD_W]}
    return table_card_zones(row, S.ZONES, ignore=pseudo, rename={"main_deck": "deck"})


# ---- describe_action -----------------------------------------------------------------------------
def _name(game, slot: int) -> str:
    return game.pool.names[_cid(game._row, slot)] if slot >= 0 and _cid(game._row, slot) >= 0 else "(empty)"


def _cost(game, slot: int) -> str:
    cost = game.pool.models[_cid(game._row, slot)].cost
    return cost or "{0}"


def _trigger_cost(trigger) -> str:
    """A [Trigger]'s cost (CR 708.4): "{1}, discard a card", "{0}" when none."""
    c = trigger.cost
    if c is None:
        return "{0}"
    parts = [c.will] if c.will else []
    parts += [f"discard {c.discard} card{'s' if c.discard > 1 else ''}"] if c.discard else []
    parts += [f"pay {c.life} life"] if c.life else []
    return ", ".join(parts) or "{0}"


def _ability(game, slot: int, j: int) -> str:
    """Activate ability ``j`` of the card in ``slot`` (the j-th of its activate and will abilities,
    CR 905, 906), with its cost and what it does: ``Aurel, Keeper of Dawn's ability ({W}{1}, once
    per turn): choose resonator (own) -> power +100/+100``."""
    name = _name(game, slot)
    if slot < 0 or _cid(game._row, slot) < 0:
        return f"ability {j + 1} of {name}"
    usable = [ab for ab in game.pool.models[_cid(game._row, slot)].abilities if ab.kind in ("activate", "will")]
    if j >= len(usable):
        return f"ability {j + 1} of {name} (none)"
    ab = usable[j]
    return f"{name}'s ability ({cost_words(ab.cost, ab.once, ab.gods_art)}): {effect_words(ab.effect)}"


def _source(game) -> str:
    """What the pending choice is for: the card or ability whose effect frame asks (the top frame):
    ``Blaze Volley (choose resonator -> damage 400)``, ``Coral Archivist's ability ([Automatic] when
    enters: search ...)``; "" when no frame asks."""
    row = game._row
    n = int(row[S.FRAME_N])
    if n <= 0:
        return ""
    f = S.FRAMES + (n - 1) * S.FRAME_W
    slot, abil, card = int(row[f + S.E_SLOT]), int(row[f + S.E_ABIL]), int(row[f + S.E_CARD])
    name = game.pool.names[card] if card >= 0 else _name(game, slot)
    if abil < 0 or abil >= game.pool.n_abilities:
        return name
    if int(game.pool.abilities[abil, K.A_KIND]) in (K.AbilityKind.SPELL, K.AbilityKind.TRIGGER) and \
            game.pool.ability_source[abil][1] < 0:  # (a mode of an automatic ability is its ability's, CR 903.2e)
        # the card itself (CR 703.3), or a chant played by its [Trigger]: its effect (CR 708.6)
        m = game.pool.models[game.pool.ability_source[abil][0]]
        return f"{name} ({effect_words(m.effect) if m.effect else 'choose ' + str(m.addition).replace('_', '-')})"
    return f"{name}'s ability ({game.pool.ability_summary(abil)})"


def _for(game) -> str:
    src = _source(game)
    return f" for {src}" if src else ""


def _whose(game, slot: int) -> str:
    """Whose the card in ``slot`` is and what, by player number (a line of the play log reads the same
    for both players): ``player 1's resonator``, ``on the chase``, ``in player 0's graveyard``."""
    row = game._row
    z = int(row[S.ZONE + slot * S.CARD_W])
    if z in (K.Zone.FIELD, K.Zone.RULER_AREA):
        kind = TYPE_NAMES[int(game.pool.cards[_cid(row, slot), K.C_TYPE])].replace("_", "-")
        return f"player {int(row[S.CONTROLLER + slot * S.CARD_W])}'s {kind}"
    owner = int(row[S.OWNER + slot * S.CARD_W])
    return "on the chase" if z == K.Zone.CHASE else f"in player {owner}'s {K.Zone(z).name.lower().replace('_', ' ')}"


def _declinable(game) -> int:
    """The free will a card being played costs more if its "you may pay {N} less" is declined (the top frame's
    E_X < 0 while it is asked, play.play_from_hand; CR 903.2i-iv), 0 when that is not what OPTIONAL asks."""
    row = game._row
    n = int(row[S.FRAME_N])
    if n <= 0:
        return 0
    f = S.FRAMES + (n - 1) * S.FRAME_W
    if int(row[f + S.FR_PURPOSE]) != K.Purpose.PLAY:
        return 0
    return max(-int(row[f + S.E_X]), 0)


def _enter_ask(game) -> tuple[int, int] | None:
    """Session 34 (s34b): (the ASK_ENTER_* kind, the magic stone) while its controller chooses as it enters
    (priority.ask_enter_unless: the pending decision's DEC_ARG + DEC_ASK), else None."""
    row = game._row
    kind = int(row[S.DEC_ARG + K.DEC_ASK])
    return (kind, int(row[S.DEC_ARG])) if kind in (K.ASK_ENTER_LIFE, K.ASK_ENTER_REVEAL) else None


def _enter_rested(act) -> str | None:
    """PASS of a magic stone's choice as it enters (session 34): it stays rested."""
    ask = _enter_ask(act.game)
    if ask is None:
        return None
    what = "pay no life" if ask[0] == K.ASK_ENTER_LIFE else "reveal no card"
    return f"No: {what}; {_name(act.game, ask[1])} enters the field rested"


def _choose_no_more(act) -> str:
    if int(act.row[S.DEC_ARG + K.DEC_ASK]) == K.ASK_REVEAL_HAND:  # session 34 (s34b): Op.REVEAL_FROM_HAND
        return f"Reveal no more cards from the hand{_for(act.game)}"
    return _enter_rested(act) or f"Choose no more targets{_for(act.game)}"


def _unless_pay(game) -> tuple[int, int] | None:
    """Session 34 (s34b): (the spell, the will {N}) while its controller chooses to pay for it (Op.CANCEL_UNLESS_PAY),
    else None."""
    row = game._row
    if int(row[S.DEC_ARG + K.DEC_ASK]) != K.ASK_UNLESS_PAY:
        return None
    return int(row[S.DEC_ARG]), int(row[S.DEC_ARG + 1])


def _decline(act) -> str:
    """PASS at OPTIONAL: "no" to the "you may" of the ability asking."""
    rested = _enter_rested(act)
    if rested:
        return rested
    unless = _unless_pay(act.game)
    if unless is not None:
        return f"No: do not pay {{{unless[1]}}}; {_name(act.game, unless[0])} is cancelled{_for(act.game)}"
    d = _declinable(act.game)
    if d:
        return f"No: pay the full cost ({d} more) for {_source(act.game)}"
    src = _source(act.game)
    return f"No: decline {src}" if src else "No (decline the ability)"


def _play(act) -> str:
    """Play hand card ``i`` at its cost, or by its activate-like [Trigger] (CR 708.4)."""
    if act.slot < 0:
        return f"Play hand card {act.i}"
    trigger = act.game.pool.models[_cid(act.row, act.slot)].trigger
    if trigger is not None:
        return (f"Play {act.card} from the hand by its [Trigger] ({_cost(act.game, act.slot)} + {_trigger_cost(trigger)})"
                f"{act.copy}")
    return f"Play {act.card} ({_cost(act.game, act.slot)}){act.copy}"


def _produce_will(act) -> str:
    col = K.C_WILL_B if act.block is K.WILL_B else K.C_WILL_A
    will = int(act.game.pool.cards[_cid(act.row, act.slot), col]) if act.slot >= 0 else -1
    return f"Produce {WILL_NAMES[will] if will >= 0 else '?'} will with {act.card}"


def _use_stealth(act) -> str:
    """OPTIONAL: "yes" to the ability asking; a resonator in the standby area with [Stealth] is
    played without paying its cost (CR 1114.2)."""
    unless = _unless_pay(act.game)
    if unless is not None:
        return f"Yes: pay {{{unless[1]}}} so that {_name(act.game, unless[0])} is not cancelled{_for(act.game)}"
    ask = _enter_ask(act.game)
    if ask is not None:
        life = int(act.game.pool.cards[_cid(act.row, ask[1]), K.UNLESS_LIFE_COL])
        return f"Yes: pay {life} life; {_name(act.game, ask[1])} enters the field recovered"
    d = _declinable(act.game)
    if d:
        return f"Yes: pay {d} less for {_source(act.game)}"
    f = S.FRAMES + (int(act.row[S.FRAME_N]) - 1) * S.FRAME_W
    slot = int(act.row[f + S.E_SLOT])
    if int(act.row[S.ZONE + slot * S.CARD_W]) == K.Zone.STANDBY:
        return f"Yes: play {_name(act.game, slot)} from the standby area without paying its cost ([Stealth])"
    return f"Yes: use {_source(act.game) or 'the ability'}"


def _find(act) -> str | None:
    """SEARCH: the candidates are card ids (effects.search)."""
    if act.slot == K.SEARCH_MORE:
        return f"See the next matching cards (more than the option slots){_for(act.game)}"
    return f"Find {act.game.pool.names[act.slot]} (to the hand){_for(act.game)}" if act.slot >= 0 else None


def _play_next(act) -> str | None:
    """ORDER_AUTOMATIC: candidate k is an index into the decider's pending automatic abilities."""
    if act.slot < 0:
        return None
    e = S.PT + (act.p * K.PENDING_MAX + act.slot) * 3
    src, arow = int(act.row[e]), int(act.row[e + 1])
    if arow in _KEYWORD_ABILITY:
        return f"Play next: the {_KEYWORD_ABILITY[arow]} ability of {_name(act.game, src)}"
    if int(act.game.pool.abilities[arow, K.A_KIND]) == K.AbilityKind.TRIGGER:  # CR 708.3
        where = "hand" if int(act.row[S.ZONE + src * S.CARD_W]) == K.Zone.HAND else "standby area"
        return f"Play next: {_name(act.game, src)} from the {where} (its [Trigger])"
    if int(act.game.pool.abilities[arow, K.A_KIND]) == K.AbilityKind.STEALTH:  # CR 1114.2
        return f"Next: {_name(act.game, src)} from the standby area (its [Stealth]; you may play it)"
    # with what it does: two automatic abilities of one card (or of two copies) waiting together had one label
    what = act.game.pool.ability_summary(arow).removeprefix("[Automatic] ")
    return f"Play next: the automatic ability of {_name(act.game, src)} ({what})"


def _target(act) -> str:
    if act.slot < 0:
        return f"Option {act.i}"
    if act.block is K.OPTION and act.i < int(act.row[S.CAND_N]) and int(act.row[S.CAND + act.i]) >= K.ABILITY_REF:
        # session 34 (s34b): an ability on the chase
        k = int(act.row[S.CAND + act.i]) - K.ABILITY_REF
        arow = int(act.row[S.CHASE + k * S.ENTRY_W + S.E_ABIL])
        kind = "activate" if 0 <= arow < act.game.pool.n_abilities and \
            int(act.game.pool.abilities[arow, K.A_KIND]) == K.AbilityKind.ACTIVATE else "automatic"
        owner = int(act.row[S.CHASE + k * S.ENTRY_W + S.E_CTRL])
        return f"Target the {kind} ability of {act.card} on the chase (player {owner}'s){_for(act.game)}"
    if int(act.row[S.DEC_ARG + K.DEC_ASK]) == K.ASK_REVEAL_HAND:  # session 34 (s34b): Op.REVEAL_FROM_HAND
        return f"Reveal {act.card} from the hand{_for(act.game)}"
    ask = _enter_ask(act.game)
    if ask is not None:  # session 34 (s34b): a magic stone's reveal as it enters
        return f"Reveal {act.card} from the hand; {_name(act.game, ask[1])} enters the field recovered"
    return f"Target {act.card} ({_whose(act.game, act.slot)}){_for(act.game)}"


def _play_remnant(act) -> str:
    """OPTION k in PRIORITY: play the card k-th from the top of the graveyard by [Remnant] (CR 1115.2); OPTION
    REMNANT_ROWS + k: the card k-th from the top of the removed area, by its cyberbrain counter ([Dive])."""
    removed = act.i >= K.REMNANT_ROWS
    cards = zone(act.row, K.Zone.REMOVED if removed else K.Zone.GRAVEYARD, act.p)
    k = act.i - K.REMNANT_ROWS if removed else act.i
    slot = cards[len(cards) - 1 - k] if k < len(cards) else -1
    cost = _cost(act.game, slot) if slot >= 0 else "?"
    if removed:
        return f"Play {_name(act.game, slot)} from the removed area (its cyberbrain counter, [Dive]) ({cost})"
    return f"Play {_name(act.game, slot)} from the graveyard by [Remnant] ({cost})"


def _play_dive(act) -> str:
    """SELECT i in PRIORITY: play the [Dive] or [Inheritance] ability of hand card i."""
    if act.slot < 0:
        return f"Play the [Dive] / [Inheritance] ability of hand card {act.i}"
    cid = _cid(act.row, act.slot)
    r = next((r for r in range(int(act.game.pool.cards[cid, K.C_ABIL_START]),
                                int(act.game.pool.cards[cid, K.C_ABIL_START] + act.game.pool.cards[cid, K.C_ABIL_COUNT]))
              if int(act.game.pool.abilities[r, K.A_COST_BANISH_SELF]) < 0), -1)
    what = act.game.pool.ability_summary(r) if r >= 0 and hasattr(act.game.pool, "ability_summary") else "?"
    if r >= 0 and int(act.game.pool.abilities[r, K.A_COST_BANISH_SELF]) == K.COST_REMOVE_HAND:
        return f"Play the ability of {act.card}{act.copy} from the hand: remove it from the game ({what})"
    if r >= 0 and int(act.game.pool.abilities[r, K.A_COST_BANISH_SELF]) == K.COST_INHERITANCE:
        return f"Play the [Inheritance] ability of {act.card}{act.copy}: discard it (CR 1126.2) ({what})"
    return f"Play the [Dive] ability of {act.card}{act.copy}: reveal it, then remove it from the game with a " \
        f"cyberbrain counter ({what})"


def _play_standby(act) -> str:
    if act.slot >= 0 and int(act.game.pool.cards[_cid(act.row, act.slot), K.C_STEALTH_ABIL]) >= 0:
        return f"Play {act.card} from the standby area without paying its cost (its [Stealth])"
    trigger = act.game.pool.models[_cid(act.row, act.slot)].trigger if act.slot >= 0 else None
    cost = f" ({_trigger_cost(trigger)})" if trigger is not None else ""
    return f"Play {act.card} from the standby area (its [Trigger]){cost}"


def _awaken(act) -> str:
    awakening = act.game.pool.models[_cid(act.row, act.slot)].awakening if act.slot >= 0 else None
    extra = f" + {awakening.cost}" if awakening is not None and awakening.cost else ""
    extra += " + rest your J/ruler" if awakening is not None and awakening.rest_j_ruler else ""
    return f"Play {act.card} with [Awakening] ({_cost(act.game, act.slot) if act.slot >= 0 else '?'}{extra}){act.copy}"


def _incarnate(act) -> str:
    mastery = act.game.pool.models[_cid(act.row, act.slot)].mastery if act.slot >= 0 else None
    if mastery is not None:  # [Mastery] (session 24): the same action, another alternative cost
        return f'Play {act.card} by [Mastery] (rest a recovered card named "{mastery.name}" instead of paying its cost){act.copy}'
    return f"Play {act.card} by [Incarnation] (banish resonators instead of paying its cost){act.copy}"


def _play_rune(act) -> str:
    if act.slot < 0:
        return f"Play rune {act.i}"
    div = int(act.game.pool.cards[_cid(act.row, act.slot), K.C_DIVINITY])
    return f"Play rune {act.card} ({_cost(act.game, act.slot)}, divinity {div}): reveal it and play a copy"


def _describe_pierce(game, a: int) -> str:
    """The PIERCE decision (CR 1102.2b): ``decision_args`` holds the damage assigned to the blocker
    so far and the attacker's whole damage."""
    row = game._row
    given, total = int(row[S.DEC_ARG]), int(row[S.DEC_ARG + 1])
    blocker = _name(game, int(row[S.BLOCKER]))
    attacked = int(row[S.ATTACKED])
    target = "the opponent" if attacked == K.ATTACKED_PLAYER else _name(game, attacked) if attacked >= 0 else "nothing"
    if a == K.PASS:
        return f"Assign {given} damage to {blocker} and pierce with {total - given} to {target}"
    if a == K.OPTION_BASE + K.PIERCE_MORE:
        return f"Assign 100 more damage to {blocker} ({given + 100} of {total})"
    if a == K.OPTION_BASE + K.PIERCE_ALL:
        return f"Assign all {total} damage to {blocker}"
    return f"action {a}"


# the automatic abilities of keyword skills on the pending list (constants.KeywordAbility)
_KEYWORD_ABILITY = {int(k): f"[{k.name.capitalize()}]" for k in K.KeywordAbility}


def _ruler_slot(p: int) -> int:
    """The card slot of player ``p``'s ruler (the first of its slots, CR 402.1)."""
    return p * K.PLAYER_SLOTS + K.RULER_SLOT


def _own(z):
    """``POINTEES`` entry: the decider's list of zone ``z`` (none without a decider)."""
    return lambda row, p: zone(row, z, p)


_CAND_SLOTS = candidates(S.CAND, S.CAND_N)


def _candidates(row, p) -> list[int]:
    """The candidates' card slots; an ability on the chase (session 34, s34b: ABILITY_REF + its entry index) is its
    source card's."""
    return [int(row[S.CHASE + (c - K.ABILITY_REF) * S.ENTRY_W + S.E_SLOT]) if c >= K.ABILITY_REF else c
            for c in _CAND_SLOTS(row, p)]


# the wording of each action block (constants.ACTIONS) by the pending decision, None: any other;
# ``{for}`` names what the pending choice is for (`` for Blaze Volley (...)``)
WORDS = {
    "pass": {
        D.MULLIGAN: "Done choosing cards to put back (mulligan)",
        D.PRIORITY: "Pass priority",
        D.CHOOSE_TARGET: _choose_no_more,
        D.ATTACKER: "Attack with nothing (end the battle)",
        D.BLOCK: "Don't block",
        D.OPTIONAL: _decline,
        D.REVEAL_TRIGGER: "Keep the [Trigger] card hidden in the hand (it does not trigger)",
        D.SEARCH: "Find nothing (CR 1014.2: a search may fail){for}",
        None: "Pass / done",
    },
    "play": {None: _play},
    "standby_put": {None: lambda act: f"Put {act.card} into the standby area ({{{K.STANDBY_COST}}}){act.copy}"},
    "will_a": {None: _produce_will},
    "will_b": {None: _produce_will},
    "activate": {None: lambda act: f"Play {_ability(act.game, act.slot, act.index[1])}"},
    "ruler_activate": {None: lambda act: f"Play ruler {_ability(act.game, act.slot, act.index[1])}"},
    "judgment": {None: lambda act: f"Judgment: {_name(act.game, _ruler_slot(act.p))} becomes a J-ruler"},
    "call_stone": {None: "Call a magic stone (rest the ruler)"},
    "battle": {None: "Begin a battle"},
    "select": {D.MULLIGAN: "Put back {card}{copy}", D.DISCARD_COST: "Pay: discard {card}{copy}{for}", D.PRIORITY: _play_dive,
               None: "Discard {card}{copy}"},
    "own_field": {D.BLOCK: "Block with {card}", None: "Attack with {card}"},
    "opp_field": {None: "Attack {card}"},
    "attack_player": {None: "Attack the opponent"},
    "option": {
        D.OPTIONAL: _use_stealth,
        D.CHOOSE_X: "X = {i}{for}",
        D.REVEAL_TRIGGER: lambda act: f"Reveal {_name(act.game, int(act.row[S.DEC_ARG]))} from the hand and play it "
                                      "(its [Trigger])",
        D.SEARCH: _find,
        D.FORESEE: if_there("Put {card} on top of the deck{for}"),
        D.ORDER_AUTOMATIC: _play_next,
        D.CHOOSE_MODE: lambda act: (f"Choose a {K.ATTRIBUTE_NAMES[act.i]} gem (CR 1027.1a){_for(act.game)}"
                                    if int(act.row[S.DEC_ARG]) == K.GEM_ANY else
                                    f"Choose mode {act.i + 1} (CR 903.2e){_for(act.game)}"),
        D.PRIORITY: _play_remnant,
        None: _target,
    },
    "standby_play": {None: _play_standby},
    "awaken": {None: _awaken},
    "incarnate": {None: _incarnate},
    "rune": {None: _play_rune},
    "bottom": {None: if_there("Put {card} on the bottom of the deck{for}", "Option {i} to the bottom")},
}
# what the blocks' first index points at (their observation rows, ACTIONS.pointers())
POINTEES = {"hand": _own(K.Zone.HAND), "my_field": _own(K.Zone.FIELD),
            "opp_field": lambda row, p: zone(row, K.Zone.FIELD, 1 - p), "rulers": lambda row, p: [_ruler_slot(p)],
            "standby": _own(K.Zone.STANDBY), "runes": _own(K.Zone.RUNE_AREA), "candidates": _candidates}  # fmt: skip
# the spec's describe_action (tcg_env.adapter.ActionWords); PIERCE is worded as a whole
describe_action = ActionWords(K.ACTIONS, D, WORDS, POINTEES, _name, fields=lambda act: {"for": _for(act.game)},
                              by_kind={D.PIERCE: _describe_pierce}, copies={"hand": "hand card"})  # fmt: skip


# ---- the board and the play log: what a seat sees (tcg_env.view) ----------------------------------
# the sequences of a turn (constants.Step) in words (CR 500s, 800s)
_WHERE = {
    K.Step.SETUP: "setup", K.Step.DRAW_BEGIN: "draw phase", K.Step.DRAW_AFTER: "draw phase: after the draw",
    K.Step.RECOVERY_BEGIN: "recovery phase", K.Step.RECOVERY_END: "recovery phase: after recovering",
    K.Step.MAIN: "main phase", K.Step.END_BEGIN: "end phase", K.Step.END_OF_TURN: "end phase: end of turn",
    K.Step.END_FINAL: "end phase: final step",
    K.Step.BATTLE_BEGIN: "battle: beginning", K.Step.ATTACK_STEP: "battle: declare attack step",
    K.Step.ATTACK_DECLARED: "battle: declare attack step", K.Step.BLOCK_STEP: "battle: declare block step",
    K.Step.BLOCK_DECLARED: "battle: declare block step", K.Step.FIRST_STRIKE: "battle: first strike damage",
    K.Step.NORMAL_DAMAGE: "battle: damage step", K.Step.BATTLE_END: "battle: end of battle",
    K.Step.BATTLE_FINAL: "battle: end of battle",
}  # fmt: skip
# the field by kind (CR 307): the ruler area and a J-ruler in the field first (CR 308), then J/resonators,
# magic stones, additions and regalia
_FIELD_AREAS = ((K.CardType.RESONATOR, "resonators"), (K.CardType.MAGIC_STONE, "magic stones"),
                (K.CardType.ADDITION, "additions"), (K.CardType.REGALIA, "regalia"))  # fmt: skip


# the restriction columns of a card row (observation.DYN_CANT_*) as the board names them
_RESTRICTION_FLAGS = (("cannot attack", O.DYN_CANT_ATTACK), ("cannot block", O.DYN_CANT_BLOCK),
                      ("does not recover", O.DYN_CANT_RECOVER), ("cannot be blocked", O.DYN_CANT_BE_BLOCKED),
                      ("cannot be attacked", O.DYN_CANT_BE_ATTACKED), ("cannot be targeted", O.DYN_CANT_BE_TARGETED))


def _field_stats(game) -> tuple[dict[int, tuple[int, int]], dict[int, tuple[str, ...]]]:
    """Current ATK / DEF of every J/resonator in a field, and the restrictions every card in a field or
    a ruler area has now (printed, granted until end of turn, or by a continuous ability; CR 302.2:
    public): read from player 0's observation, which shows both fields and both rulers."""
    obs = game.observe(0)
    out, rst = {}, {}
    rows = []
    for p, base in ((0, O.B_FIELD), (1, O.B_OPP_FIELD)):
        rows += [(slot, base + i * O.CARD_ROW_W) for i, slot in enumerate(zone(game._row, K.Zone.FIELD, p)[: K.FIELD_SLOTS])]
    for k, p in enumerate((0, 1)):
        rows += [(slot, O.B_RULERS + k * O.CARD_ROW_W) for slot in zone(game._row, K.Zone.RULER_AREA, p)[:1]]
    for slot, o in rows:
        d = o + K.CARD_OBS_FEATURES
        if o < O.B_RULERS and int(game.pool.cards[_cid(game._row, slot), K.C_TYPE]) in (K.CardType.RESONATOR,
                                                                                         K.CardType.J_RULER):
            out[slot] = (round(obs[d + O.DYN_ATK] * 1000), round(obs[d + O.DYN_DEF] * 1000))
        flags = tuple(name for name, col in _RESTRICTION_FLAGS if obs[d + col])
        if flags:
            rst[slot] = flags
    return out, rst


def _card_view(game, slot: int, stats: tuple[dict, dict], info: str = ""):
    """A card as the board shows it: rested, attacking / blocking, what an addition is added to, its
    restrictions now ("cannot be blocked"); ATK/DEF (current values, CR 206.3, 207.3), damage and mana
    counters (CR 1022) as stats."""
    from tcg_env.view import CardView

    row = game._row
    w = slot * S.CARD_W
    atkdef, rst = stats
    flags = ["rested"] if row[S.RESTED + w] else []
    if int(row[S.ATTACKER]) == slot:
        flags.append("attacking")
    if int(row[S.BLOCKER]) == slot:
        flags.append("blocking")
    if int(row[S.ATTACHED + w]) >= 0:
        flags.append(f"added to {_name(game, int(row[S.ATTACHED + w]))}")
    flags += rst.get(slot, ())
    st = []
    if slot in atkdef:
        st.append(("ATK/DEF", "%d/%d" % atkdef[slot]))
        if row[S.DAMAGE + w]:
            st.append(("damage", str(int(row[S.DAMAGE + w]))))
    if row[S.MANA + w]:
        st.append(("mana", str(int(row[S.MANA + w]))))
    return CardView(slot, _name(game, slot), info=info, flags=tuple(flags), stats=tuple(st))


def public_view(game, viewer: int | None = None):
    """What ``viewer`` (0 / 1; None: everything) sees (:class:`tcg_env.view.BoardView`): life; the
    ruler (or J-ruler), resonators, magic stones, additions and regalia of each field (CR 307, 308);
    the hand and the standby area only to their owner (CR 306, 310.2); revealed runes to both,
    face-down ones to their owner (CR 315.2, 711.2); graveyard and removed cards as counts; the
    decks as counts; the chase (CR 312)."""
    from tcg_env.view import AreaView, BoardView, CardView, PlayerView

    row = game._row
    pool = game.pool
    stats = _field_stats(game)
    seen = lambda p: viewer is None or viewer == p  # noqa: E731
    players = []
    for p in range(2):
        field = zone(row, K.Zone.FIELD, p)
        ctype = {s: int(pool.cards[_cid(row, s), K.C_TYPE]) for s in field}
        ruler = zone(row, K.Zone.RULER_AREA, p) + [s for s in field if ctype[s] == K.CardType.J_RULER]
        kinds = [t for t, _ in _FIELD_AREAS]
        areas = [AreaView("ruler", tuple(ruler), tuple(_card_view(game, s, stats) for s in ruler), "lines")]
        for t, label in _FIELD_AREAS:
            slots = [s for s in field if ctype[s] == t]
            areas.append(AreaView(label, tuple(slots), tuple(_card_view(game, s, stats) for s in slots),
                                  "grouped" if t == K.CardType.MAGIC_STONE else "lines"))  # fmt: skip
        other = [s for s in field if ctype[s] not in kinds and ctype[s] != K.CardType.J_RULER]
        if other:
            areas.append(AreaView("field", tuple(other), tuple(_card_view(game, s, stats) for s in other), "lines"))
        runes = zone(row, K.Zone.RUNE_AREA, p)
        up = [s for s in runes if row[S.REVEALED + s * S.CARD_W]]
        down = [s for s in runes if not row[S.REVEALED + s * S.CARD_W]]
        areas.append(AreaView("runes", tuple(up), tuple(CardView(s, _name(game, s)) for s in up), "inline"))
        areas.append(AreaView("face-down runes", tuple(down),
                              tuple(CardView(s, _name(game, s)) for s in down) if seen(p) else None, "inline"))
        standby = zone(row, K.Zone.STANDBY, p)
        areas.append(AreaView("standby", tuple(standby),
                              tuple(CardView(s, _name(game, s)) for s in standby) if seen(p) else None, "inline"))
        hand = zone(row, K.Zone.HAND, p)
        # the cost beside each name: what a player looks at before producing will (CR 203)
        areas.append(AreaView("hand", tuple(hand), tuple(CardView(s, _name(game, s), info=_cost(game, s)) for s in hand)
                              if seen(p) else None, "inline", counted=True))  # fmt: skip
        for z, label in ((K.Zone.MAIN_DECK, "deck"), (K.Zone.STONE_DECK, "stone deck"), (K.Zone.EXTRA_DECK, "extra deck")):
            areas.append(AreaView(label, tuple(zone(row, z, p)), None, "count", counted=z != K.Zone.EXTRA_DECK))
        for z, label in ((K.Zone.GRAVEYARD, "graveyard"), (K.Zone.REMOVED, "removed")):
            slots = zone(row, z, p)
            areas.append(AreaView(label, tuple(slots), tuple(CardView(s, _name(game, s)) for s in slots), "count",
                                  counted=True))  # fmt: skip
        will = ", ".join(f"{n} {int(row[S.WILL + p * K.N_WILL + i])}" for i, n in enumerate(WILL_NAMES)
                         if row[S.WILL + p * K.N_WILL + i])  # fmt: skip
        players.append(PlayerView((("life", int(row[S.LIFE + p])),), tuple(areas), (f"will: {will}",) if will else ()))
    chase_cards = zone(row, K.Zone.CHASE, 0) + zone(row, K.Zone.CHASE, 1)
    shared = (AreaView("the chase", tuple(chase_cards), tuple(CardView(s, _name(game, s)) for s in chase_cards), "none"),)
    entries = []
    for i in range(int(row[S.CHASE_N])):
        e = S.CHASE + i * S.ENTRY_W
        kind, slot, abil = int(row[e + S.E_KIND]), int(row[e + S.E_SLOT]), int(row[e + S.E_ABIL])
        name = pool.names[int(row[e + S.E_CARD])] if int(row[e + S.E_CARD]) >= 0 else _name(game, slot)
        if kind == K.EntryKind.ABILITY and abil >= 0:
            name += f"'s ability ({pool.ability_summary(abil)})"
        elif kind == K.EntryKind.JUDGMENT:
            name += "'s Judgment"
        entries.append(name)
    head = board_header("Force of Will", row, int(row[S.TURN_PLAYER]), "", D)
    return BoardView("Force of Will", int(row[H_TURN]), int(row[S.TURN_PLAYER]), _WHERE[K.Step(int(row[S.STEP]))],
                     head[1], tuple(players), shared, bool(row[H_DONE]),
                     notes=(f"chase (bottom first): {', '.join(entries)}",) if entries else ())  # fmt: skip


# ---- snapshots -------------------------------------------------------------------------------------
def to_dict(game) -> dict:
    row = game._row
    pool = game.pool
    cards = [{"slot": s, "card": _cid(row, s), "name": pool.names[_cid(row, s)], "owner": int(row[S.OWNER + s * S.CARD_W]),
              "zone": K.Zone(int(row[S.ZONE + s * S.CARD_W])).name.lower()}
             for s in range(K.N_SLOTS) if _cid(row, s) >= 0]  # fmt: skip
    return {
        "game": GAME,
        "format": SNAPSHOT_FORMAT,
        "pool": {"cards": pool.n_cards, "fingerprint": pool_fingerprint(pool)},
        "decision": {"kind": D(int(row[H_DECISION])).name, "player": int(row[H_DECIDER])},
        "cards": cards,
        "fields": S.LAYOUT.to_fields(row),
    }


# the value domain of every field the engine reads as a flag, a player or an enum (zone lists and
# card ids: check_consistency; the other fields are free integers)
VALUE_DOMAINS = {
    "variant": (0, 0),  # one rules variant
    "step": K.Step,
    "flow": K.Flow,
    "turn_player": (0, 1),
    "first_player": (0, 1),
    "priority_player": (0, 1),
    "mulligan_stage": (0, 2),  # first player, second player, done (CR 403.5)
    "decision": D,
    "zone": K.Zone,
    "rested": FLAG,
    "controller": (0, 1),
    "mark": FLAG,
    "revealed": FLAG,
    "pseudo": (0, K.PSEUDO_TOKEN),  # none, a rune's copy (PSEUDO_COPY), a token (PSEUDO_TOKEN, CR 1303)
    "mana": (0, 2**31 - 1),
    "named_counters": (0, 2**30 - 1),  # constants.NC_SLOTS slots of (kind, count)
    "called_stone": FLAG,
    "judgment_done": FLAG,
    "astral": FLAG,
    "drew_from_empty": FLAG,
    "gods_art_used": (0, 2**31 - 1),  # bits of the pool's [God's Art] names (check_consistency)
    "attacker_dealt_first_strike": FLAG,
    "opponent_acted_in_battle": FLAG,
    "battle_forfeited": FLAG,
    "attacker": (-1, K.N_SLOTS - 1),
    "attacked": (K.ATTACKED_NONE, K.N_SLOTS - 1),
    "attack_blocked": FLAG,
    "blocker": (-1, K.N_SLOTS - 1),
    "attached_to": (-1, K.N_SLOTS - 1),
    "will": (0, 2**31 - 1),
    "chase_count": (0, K.CHASE_MAX),
    "frame_count": (0, K.FRAME_MAX),
    "pending_count": (0, K.PENDING_MAX),
    "candidate_count": (0, K.OPTION_SLOTS),
    "shield_count": (0, K.SHIELD_MAX),
    **zone_count_domains(S.ZONES),  # every zone count: 0..its list's capacity
}


def check_values(row: np.ndarray) -> None:
    """Flags 0 or 1, players 0 or 1, enums inside their enum, counts inside their capacity, an RNG
    state that can move, life as the rules leave it before priority: a SnapshotError naming the
    field and element otherwise."""
    S.LAYOUT.check_header(row)
    S.LAYOUT.check_values(row, VALUE_DOMAINS)
    check_life(row)


def check_life(row: np.ndarray) -> None:
    """Life (CR 105.4) has no floor: damage decreases it by its amount (CR 1007.2), so it goes below
    0, and stays there until the rule processes end the game (CR 1202.1: 0 or less loses). A
    finished game keeps the loser's negative life, and a game in progress holds it while a choice
    of the resolution that dealt the damage is pending (a target, a discard, ...): both are stored
    states. What is never stored: life 0 or less, or not a multiple of 100, when priority is
    offered, because every priority sequence begins with the rule processes (CR 602.1a), which
    round life up to a multiple of 100 (CR 1205.1) and then end the game at 0 or less (CR 1202.1);
    the engine offers PRIORITY only after them (engine.chase.priority_point)."""
    if int(row[H_DONE]) or int(row[H_DECISION]) != D.PRIORITY:
        return
    for p in range(2):
        life = int(row[S.LIFE + p])
        if life <= 0 or life % 100:
            raise SnapshotError(
                f"{GAME} snapshot: field 'life'[{p}] is {life} at a PRIORITY decision, must be a positive multiple "
                "of 100: the rule processes before priority (CR 602.1a) round life up (CR 1205.1) and end the "
                "game at 0 or less (CR 1202.1)")


def check_consistency(row: np.ndarray, pool) -> None:
    """Every card is in exactly the list its record names, owned by the player whose slots hold it;
    a game in progress has a pending decision with a legal action."""
    from tcg_env.games.force_of_will import SPEC

    def err(msg):
        raise SnapshotError(f"{GAME} snapshot: {msg}")

    seen = S.ZONES.check(row, err)
    for slot in range(K.N_SLOTS):
        cid = _cid(row, slot)
        z = int(row[S.ZONE + slot * S.CARD_W])
        if not -1 <= cid < pool.n_cards:
            err(f"slot {slot} has card id {cid}, outside this pool (0..{pool.n_cards - 1})")
        if int(row[S.OWNER + slot * S.CARD_W]) != slot // K.PLAYER_SLOTS:
            err(f"slot {slot} must be owned by player {slot // K.PLAYER_SLOTS}")
        if cid < 0 and z != K.Zone.NONE:
            err(f"slot {slot} is empty but has zone {K.Zone(z).name.lower()}")
        if cid >= 0 and slot not in seen:
            err(f"slot {slot} holds a card in no zone")
    for name, off in (("attacker", S.ATTACKER), ("blocker", S.BLOCKER)):
        if int(row[off]) >= 0 and _cid(row, int(row[off])) < 0:
            err(f"field {name!r} is slot {int(row[off])}, which holds no card")
    arts = len(pool.gods_art_ids)
    for p in range(2):
        used = int(row[S.GODS_ART_USED + p])
        if used >> arts:
            err(f"field 'gods_art_used'[{p}] is {used}: this pool has {arts} [God's Art] name"
                f"{'' if arts == 1 else 's'} (bits below {1 << arts})")
        if int(row[S.WEATHER + p]) not in tuple(K.Weather):
            err(f"field 'weather'[{p}] is {int(row[S.WEATHER + p])}: not a constants.Weather (CR 1028)")
        if not 0 <= int(row[S.RESONATORS_TO_GRAVE + p]) <= K.N_SLOTS:
            err(f"field 'resonators_to_graveyard_this_turn'[{p}] is {int(row[S.RESONATORS_TO_GRAVE + p])}: "
                f"not a count of cards (0..{K.N_SLOTS})")
    check_ranges(row, (
        ("chase_count", S.CHASE_N, 0, K.CHASE_MAX),
        ("frame_count", S.FRAME_N, 0, K.FRAME_MAX),
        ("shield_count", S.SHIELD_N, 0, K.SHIELD_MAX),
    ), err)  # fmt: skip
    check_progress(row, pool, err, SPEC.kernels, K.NUM_ACTIONS, D)


check_snapshot = snapshot_check(check_values, check_consistency)
from_dict = snapshot_restorer(GAME, SNAPSHOT_FORMAT, S.LAYOUT, pool_fingerprint, check_snapshot)


# ---- networks and training ----------------------------------------------------------------------------------
def shaping_potential() -> dict[int, float]:
    """{observation column: weight} of "opponent's progress to losing minus mine": the life lost
    of the 4000 each player starts with (CR 105.4, 403.3; the observation holds life / 4000)."""
    return {O.G_LIFE: 1.0, O.G_LIFE + 1: -1.0}


# ---- card lists and decks ------------------------------------------------------------------------
def _attribute_names(pool) -> list[str]:
    """Each card's attributes joined by "/" ("fire/wind"), "void" for none (CR 208.4)."""
    masks = pool.cards[:, K.C_ATTR].tolist()
    return ["/".join(n for a, n in enumerate(K.ATTRIBUTE_NAMES) if m >> a & 1) or "void" for m in masks]


def card_attributes(pool) -> dict:
    """``tcg cards list`` filters: --type, --cost (total cost, CR 203.5) and --attribute (a single
    attribute matches the cards of exactly that attribute)."""
    cost = [int(np.sum(pool.cards[c, K.C_COST : K.C_COST + K.N_ATTRIBUTES]) + max(int(pool.cards[c, K.C_COST_FREE]), 0))
            for c in range(pool.n_cards)]  # fmt: skip
    attrs = _attribute_names(pool)
    types = card_attribute(pool, K.C_TYPE, TYPE_NAMES)
    # a token (CR 1303) is no deck card: its own type word, so that no deck built by attributes picks it; nor the
    # despair side of an Inverse card (CR 1302.3: C_J_SIDE -2 - its hope side's row)
    despair = [int(pool.cards[c, K.C_J_SIDE]) <= -2 and pool.cards[c, K.C_TYPE] not in (K.CardType.RULER, K.CardType.J_RULER)
               for c in range(pool.n_cards)]
    types = ([("token" if pool.cards[c, K.C_TYPE_BITS] & K.TB_TOKEN else "despair_side" if despair[c] else t)
              for c, t in enumerate(types[0])], tuple(types[1]) + ("token", "despair_side"))
    wills = _will_names(pool)
    return {"type": types, "cost": (cost, None),
            "attribute": (attrs, tuple(sorted(set(attrs)))),
            "will": (wills, tuple(sorted(set(wills))))}  # fmt: skip


def _will_names(pool) -> list[str]:
    """The will each card produces (CR 907: `C_WILL_A`, then `C_WILL_B`, "fire/wind" for a dual stone), "none" for a
    card that produces none. A magic stone has no attribute (CR 208.4): its will is what tells a Fire Magic Stone from
    a Water one, so ``deck_like`` matches a built-in deck's stones by it (session 29: the as_like decks drawn from the
    fow-sim list had stones making no fire will for a fire deck, and their games dragged on)."""
    names = [*K.ATTRIBUTE_NAMES, "void", "moon"]  # Attribute, WILL_VOID, WILL_MOON
    out = []
    for a, b in pool.cards[:, [K.C_WILL_A, K.C_WILL_B]].tolist():
        out.append("/".join(names[w] if 0 <= w < len(names) else f"will{w}" for w in (a, b) if w >= 0) or "none")
    return out


def deck_summary(pool, deck) -> str:
    """``1 ruler, 24 resonator, 16 chant, 10 magic_stone; fire 30, wind 12, ...``."""
    types = deck_counts(pool, deck.card_ids, K.C_TYPE, TYPE_NAMES)
    names = _attribute_names(pool)
    seen: dict[str, int] = {}
    for cid in np.asarray(deck.card_ids).tolist():
        seen[names[cid]] = seen.get(names[cid], 0) + 1
    attrs = sorted(seen.items(), key=lambda x: -x[1])
    return ", ".join(f"{n} {t}" for t, n in types.items()) + "; " + ", ".join(f"{a} {n}" for a, n in attrs)
