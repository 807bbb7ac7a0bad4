"""FF-TCG Python side: action descriptions, the text board, snapshots, the networks' input scale
and shaping potential, and deck / card-list summaries (the spec's hooks; the entity observations
and the observation's views are tcg_env.adapter's defaults from observation.OBS)."""

from __future__ import annotations

import numpy as np

from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_TURN, H_VARIANT
from tcg_env.engine.layout import FLAG, SnapshotError
from tcg_env.engine.triggers import PE_ABIL, PENDING_W
from tcg_env.engine.zones import zone_list
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.adapter import (ActionWords, board_header, candidates, card_attribute, check_progress, deck_counts,
                             if_there, pool_fingerprint, slots_in_zone, snapshot_check, snapshot_restorer, yes,
                             zone_count_domains)
from tcg_env.adapter import card_zones as table_card_zones
from tcg_env.spec import SHARED, CardZones
from tcg_env.games.fftcg.observation import OBS, OBS_SIZE

VARIANTS = ("constructed", "limited")
ZONE_NAMES = {z: z.name.lower() for z in K.Zone}
PHASE_NAMES = {p: p.name.title().replace("Main1", "Main 1").replace("Main2", "Main 2") for p in K.Phase}
SNAPSHOT_FORMAT = 8  # 2: field priority_rules_clean; 3: fields field_part_inputs, field_part (the kept field part);
# 4: field derived_clean (the derived values' memo); 5: fields summons_cast_this_turn, damage_shield, break_zone_entries
# and field_part_inputs' Break Zone words; 6: field player_damage_shield; 7: field damage_boost; 8: summons_cast_this_turn
# packs the cards cast (constants.CAST_UNIT), player_damage_shield this turn's marks (bits 2-13)


# ---- reading the row ---------------------------------------------------------------------------
def hand(row, p):
    return zone_list(row, S.ZONES, K.Zone.HAND, p)


def field(row, p):
    return zone_list(row, S.ZONES, K.Zone.FIELD, p)


def card_zones(row) -> CardZones:
    """Where every card is (``GameSpec.card_zones``, used by the conformance kit): the six zone
    lists of each player (the field by controller), then, from the card records, the cards on the
    stack (CR 7.12, a Summon being cast) and the card in transit (zone NONE: a Character between
    being paid for and entering the field) as shared zones."""
    return table_card_zones(row, S.ZONES, {(SHARED, "stack"): slots_in_zone(row, S.ZONES, K.Zone.STACK),
                                           (SHARED, "in_transit"): slots_in_zone(row, S.ZONES, K.Zone.NONE)})


def _card_name(game, slot) -> str:
    cid = int(game._row[S.CARD + slot * S.CARD_W])
    return game.pool.names[cid] if cid >= 0 else "?"


def _frame_top(row):
    n = int(row[S.FRAME_N])
    return S.FRAMES + (n - 1) * S.FRAME_W if n > 0 else -1


# ---- describe_action -----------------------------------------------------------------------------
def _source(game) -> str:
    """The ability (or Summon) whose effect asks the pending choice, from the top effect frame:
    ``Cinder Lancer's ability (auto enters_self: choose 1 -> damage 2000)``; "" when no frame asks."""
    row = game._row
    f = _frame_top(row)
    if f < 0:
        return ""
    abil = int(row[f + S.E_ABIL])
    if not 0 <= abil < game.pool.n_abilities:
        return ""
    cid, _ = game.pool.ability_source[abil]
    what = "" if game.pool.ability_model(abil).kind == "summon" else "'s ability"  # a Summon is its effect
    return f"{game.pool.names[cid]}{what} ({game.pool.ability_summary(abil)})"


def _cname(game, slot: int) -> str:
    return _card_name(game, slot) if slot >= 0 else "(empty slot)"


def _play(act) -> str | None:
    """PRIORITY: play a hand card (cast a Summon), with its current cost."""
    if act.slot < 0:
        return None
    from tcg_env.games.fftcg.characteristics import current_cost

    cid = int(act.row[S.CARD + act.slot * S.CARD_W])
    verb = "Cast" if int(act.game.pool.cards[cid, K.C_TYPE]) == K.CardType.SUMMON else "Play"
    cost = int(current_cost(K.RULES, act.row, act.game.pool.kernel_tables, act.p, act.slot))
    return f"{verb} {act.card} ({cost} CP){act.copy}"


def _discard_for_cp(act) -> str | None:
    if act.slot < 0:
        return None
    el = K.ELEMENT_NAMES[int(act.game.pool.cards[int(act.row[S.CARD + act.slot * S.CARD_W]), K.C_ELEMENT])]
    return f"Pay: discard {act.card} (2 {el} CP){act.copy}"


def _pay_own_field(act) -> str | None:
    """PAY_DISCARD on the player's field: a Character dulled for "Dull N active DESC", or put into the Break Zone for
    "Put N DESC into the Break Zone" (K.BREAK_COST_FLAG)."""
    if act.slot < 0:
        return None
    arow = int(act.row[S.PAY_ABIL])
    abil = act.game.pool.abilities
    if int(act.row[S.PAY_KIND]) == K.PK_ABILITY and 0 <= arow < len(abil) \
            and int(abil[arow, K.ACTION_DULL_COST_COL]) >= K.BREAK_COST_FLAG:
        return f"Pay: put {act.card} into the Break Zone"
    return f"Pay: dull {act.card}"


def _use_ability(act) -> str:
    i, j = act.index
    if act.slot < 0:
        return f"Use ability {j} of field slot {i} (empty)"
    arow = int(act.game.pool.cards[int(act.row[S.CARD + act.slot * S.CARD_W]), K.C_ACT0 + j])
    if arow < 0:
        return f"Use ability {j} of {act.card} (none)"
    return f"Use ability: {act.game.pool.describe_ability(arow)}"


def _use_ex_burst(act) -> str | None:
    """EX_BURST, option 0: the card revealed from damage (``decision_args``) uses its EX Burst."""
    return f"Use the EX Burst of {_cname(act.game, int(act.row[S.DEC_ARG]))}" if act.i == 0 else None


def _use_optional(act) -> str | None:
    """OPTIONAL_EFFECT, option 0: the "you may" ability row in ``decision_args``."""
    if act.i != 0:
        return None
    arow = int(act.row[S.DEC_ARG])
    base = S.FRAMES + (int(act.row[S.FRAME_N]) - 1) * S.FRAME_W
    pool = act.game.pool
    code = pool.code[int(pool.abilities[arow, K.A_CODE_START])]
    if int(act.row[base + S.FR_MODE]) != K.M_EXEC and int(act.row[base + S.FR_PC]) == 0 and \
            int(code[K.I_OP]) == K.Op.SELECT_MODE:
        # a modal program asks "this action?" one action at a time (effects.select_mode)
        return f"Select action {int(act.row[base + S.FR_CNT]) + 1} ({pool.describe_ability(arow)})"
    return f"Use the optional effect ({pool.describe_ability(arow)})"


def _put_next(act) -> str | None:
    """ORDER_TRIGGERS: candidate k is an index into the decider's pending auto-abilities."""
    if act.slot < 0:
        return None
    base = S.PT + (act.p * K.PENDING_TRIGGER_MAX + act.slot) * PENDING_W
    return f"Put next on the stack: {act.game.pool.describe_ability(int(act.row[base + PE_ABIL]))}"


_CHOOSE_IN_BREAK = if_there("Choose {card} in the Break Zone")
_CHOOSE_ON_STACK = if_there("Choose {card} on the stack")


def _choose_option(act) -> str | None:
    """CHOOSE_TARGET, option k: a card of the Break Zone, or a Summon on the stack ("Choose 1 Summon. Cancel its
    effect.", effects.fill_stack_targets)."""
    if act.slot >= 0 and int(act.row[S.ZONE + act.slot * S.CARD_W]) == K.Zone.STACK:
        return _CHOOSE_ON_STACK(act)
    return _CHOOSE_IN_BREAK(act)


D = K.Decision
# the wording of each action block (constants.ACTIONS) by the pending decision, None: any other
WORDS = {
    "pass": {
        D.CHOOSE_FIRST: "Let the opponent take the first turn",
        D.MULLIGAN: "Keep this hand",
        D.PRIORITY: "Pass priority",
        D.CHOOSE_TARGET: "Stop choosing targets",
        D.DECLARE_ATTACK: "End the Attack Phase (no more attacks)",
        D.ADD_TO_PARTY: "Attack with the Forwards declared",
        D.DECLARE_BLOCK: "Don't block",
        D.EX_BURST: "Decline the EX Burst",
        D.OPTIONAL_EFFECT: "Decline the optional effect",
        D.SELECT_CARD: "Choose no card",
        None: "Pass / done",
    },
    "hand": {
        D.PRIORITY: _play,
        D.PAY_CP: _discard_for_cp,
        D.PAY_DISCARD: "Pay: discard {card}{copy}",
        D.DISCARD: "Discard {card}{copy}",
        None: "Hand card {i}: {card} (not an action of {kind})",
    },
    "own_field": {
        D.PAY_CP: "Pay: dull {card} (1 CP)",
        D.PAY_DISCARD: _pay_own_field,  # a "Dull N active ..." / "Put N ... into the Break Zone" cost
        D.CHOOSE_TARGET: "Choose your {card}",
        D.DECLARE_ATTACK: "Attack with {card}",
        D.ADD_TO_PARTY: "Add {card} to the party",
        D.DECLARE_BLOCK: "Block with {card}",
        None: "Your field card {card}",
    },
    "opp_field": {D.ASSIGN_PARTY_DAMAGE: "Assign 1000 damage to attacking {card}", None: "Choose opponent's {card}"},
    "ability": {None: _use_ability},
    "option": {
        D.CHOOSE_FIRST: yes("Take the first turn"),
        D.MULLIGAN: yes("Mulligan: put these five cards on the bottom and draw five"),
        D.EX_BURST: _use_ex_burst,
        D.OPTIONAL_EFFECT: _use_optional,
        D.SELECT_CARD: if_there("Choose {card}"),
        D.CHOOSE_TARGET: _choose_option,
        D.ORDER_TRIGGERS: _put_next,
        None: "Option {i}",
    },
}
# what the blocks' first index points at (their observation rows, ACTIONS.pointers())
POINTEES = {"hand": hand, "own_field": field, "opp_field": lambda row, p: field(row, 1 - p),
            "options": candidates(S.CAND, S.CAND_N)}  # fmt: skip
# the spec's describe_action (tcg_env.adapter.ActionWords); a target or card an effect asks for says
# whose effect (``Choose opponent's Ice Sentry for Cinder Lancer's ability (auto enters_self: ...)``)
describe_action = ActionWords(K.ACTIONS, D, WORDS, POINTEES, _cname, source=_source,
                              for_kinds=(D.CHOOSE_TARGET, D.SELECT_CARD, D.DISCARD), copies={"hand": "hand card"})  # fmt: skip


# ---- the board and the play log: what a seat sees (tcg_env.view) ----------------------------------
def _field_card(game, slot):
    """A card in a field as the board shows it: dull, frozen, attacking / blocking, its keywords;
    a Forward's current power and damage as stats (logged when they change)."""
    from tcg_env.view import CardView

    row = game._row
    pool = game.pool
    w = slot * S.CARD_W
    cid = int(row[S.CARD + w])
    flags = [f for f, col in (("dull", S.DULL), ("frozen", S.FROZEN)) if row[col + w]]
    if slot in [int(x) for x in row[S.ATK_L : S.ATK_L + int(row[S.ATK_N])]]:
        flags.append("attacking")
    if int(row[S.BLOCKER]) == slot:
        flags.append("blocking")
    kw = int(row[S.D_KW + w])
    flags += [n for n, bit in K.KEYWORD_BITS.items() if kw & bit]
    # its restrictions now, and its once-per-turn abilities used this turn (the observation's
    # cant_attack, cant_block, ability0_used, ability1_used, cant_be_blocked, cant_be_broken,
    # cant_be_broken_by_opp_effects, removed_instead_of_break_zone: public, CR 7.6)
    rst = int(row[S.D_RST + w])
    flags += [n for n, bit in (("cannot attack", K.RESTRICT_CANT_ATTACK), ("cannot block", K.RESTRICT_CANT_BLOCK),
                               ("ability 1 used this turn", K.RESTRICT_USED_ACT0),
                               ("ability 2 used this turn", K.RESTRICT_USED_ACT1),
                               ("cannot be blocked", K.RESTRICT_UNBLOCKABLE),
                               ("cannot be broken", K.RESTRICT_UNBREAKABLE),
                               ("cannot be broken by opposing effects", K.RESTRICT_UNBREAKABLE_BY_OPP_EFFECTS),
                               ("removed instead of the Break Zone", K.RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE),
                               ("cannot be returned to the hand by opposing effects",
                                K.RESTRICT_UNRETURNABLE_BY_OPP_EFFECTS),
                               ("cannot be chosen by opposing Summons", K.RESTRICT_UNCHOOSABLE_BY_OPP_SUMMONS),
                               ("cannot be chosen by opposing abilities", K.RESTRICT_UNCHOOSABLE_BY_OPP_ABILITIES))
              if rst & bit]
    stats = []
    if pool.cards[cid, K.C_TYPE] == K.CardType.FORWARD:
        stats.append(("power", str(int(row[S.D_POWER + w]))))
        if row[S.DMG + w]:
            stats.append(("damage", str(int(row[S.DMG + w]))))
    return CardView(slot, pool.names[cid], flags=tuple(flags), stats=tuple(stats))


def _hand_card(game, slot):
    """A hand card with what a player reads before playing it: element, type, cost, a Forward's power."""
    from tcg_env.view import CardView

    cid = int(game._row[S.CARD + slot * S.CARD_W])
    row = game.pool.cards[cid]
    info = f"({K.ELEMENT_NAMES[int(row[K.C_ELEMENT])]} {game.pool.TYPE_NAMES[int(row[K.C_TYPE])]}, {int(row[K.C_COST])} CP"
    info += f", {int(row[K.C_POWER])})" if row[K.C_TYPE] == K.CardType.FORWARD else ")"
    return CardView(slot, game.pool.names[cid], info=info)


# the areas of a field: (card types, area name, style); types None: every type the others leave
FIELD_AREAS = (((K.CardType.FORWARD,), "forwards", "lines"), ((K.CardType.BACKUP,), "backups", "grouped"),
               (None, "field", "lines"))  # fmt: skip


def public_view(game, viewer: int | None = None, *, field_areas=FIELD_AREAS, field_card=_field_card,
                hand_card=_hand_card, title="Final Fantasy TCG"):
    """What ``viewer`` (0 / 1; None: everything) sees (:class:`tcg_env.view.BoardView`): the damage
    each player took (the score, CR 11.5); the Forwards and Backups of each field; the hand only to
    its owner; the break zone and removed cards as counts; the deck as a count; the stack (CR 7.12)
    and a Character being paid for. A rules variant names its own field areas, card views and title."""
    from tcg_env.view import AreaView, BoardView, CardView, PlayerView

    row = game._row
    pool = game.pool
    players = []

    def named(slots):
        return tuple(CardView(s, _card_name(game, s)) for s in slots)

    for p in range(2):
        fld = field(row, p)
        ctype = {s: int(pool.cards[int(row[S.CARD + s * S.CARD_W]), K.C_TYPE]) for s in fld}
        areas = []
        named_types = {t for types, _, _ in field_areas if types is not None for t in types}
        for types, label, style in field_areas:
            slots = [s for s in fld if (ctype[s] in types if types is not None else ctype[s] not in named_types)]
            areas.append(AreaView(label, tuple(slots), tuple(field_card(game, s) for s in slots), style))
        h = hand(row, p)
        areas.append(AreaView("hand", tuple(h), tuple(hand_card(game, s) for s in h)
                              if viewer is None or viewer == p else None, "lines", counted=True))  # fmt: skip
        zl = {z: zone_list(row, S.ZONES, z, p) for z in (K.Zone.DECK, K.Zone.BREAK, K.Zone.DAMAGE, K.Zone.REMOVED)}
        areas.append(AreaView("deck", tuple(zl[K.Zone.DECK]), None, "count", counted=True))
        areas.append(AreaView("break zone", tuple(zl[K.Zone.BREAK]), named(zl[K.Zone.BREAK]), "count", counted=True))
        areas.append(AreaView("damage zone", tuple(zl[K.Zone.DAMAGE]), named(zl[K.Zone.DAMAGE]), "none"))
        areas.append(AreaView("removed", tuple(zl[K.Zone.REMOVED]), named(zl[K.Zone.REMOVED]), "count"))
        players.append(PlayerView((("damage", int(row[S.DAMAGE_N + p])),), tuple(areas)))
    held = [s for s in range(K.N_SLOTS) if int(row[S.CARD + s * S.CARD_W]) >= 0]
    on_stack = [s for s in held if int(row[S.ZONE + s * S.CARD_W]) == K.Zone.STACK]
    moving = [s for s in held if int(row[S.ZONE + s * S.CARD_W]) == K.Zone.NONE]
    shared = (AreaView("the stack", tuple(on_stack), named(on_stack), "none"),
              AreaView("being paid for", tuple(moving), named(moving), "none"))  # fmt: skip
    n = int(row[S.STACK_N])
    entries = [f"{pool.describe_ability(int(row[S.STACK + k * S.ENTRY_W + S.E_ABIL]))}"
               f"{_selected_actions(pool, row, S.STACK + k * S.ENTRY_W)} "
               f"(player {int(row[S.STACK + k * S.ENTRY_W + S.E_CTRL])})" for k in range(n - 1, -1, -1)]  # fmt: skip
    tp = int(row[S.TURN_PLAYER])
    where = PHASE_NAMES[K.Phase(int(row[S.PHASE]))].lower() + " phase"
    step = K.AttackStep(int(row[S.STEP]))
    if step != K.AttackStep.NONE:
        where += f": {step.name.lower()} step"
    status = board_header("", row, tp, "", K.Decision)[1]
    return BoardView(title, int(row[H_TURN]), tp, where, status, tuple(players), shared,
                     bool(row[H_DONE]), notes=("stack (top first): " + "; ".join(entries),) if entries else ())  # fmt: skip


def _selected_actions(pool, row, e: int) -> str:
    """", actions 1 and 3 selected" for a modal entry at ``e`` ("Select N of the M following actions.":
    state.E_MODE's bits, the observation's action*_selected), "" for any other."""
    arow = int(row[e + S.E_ABIL])
    if arow < 0 or int(pool.abilities[arow, K.A_CODE_LEN]) == 0 or \
            int(pool.code[int(pool.abilities[arow, K.A_CODE_START]), K.I_OP]) != K.Op.SELECT_MODE:
        return ""
    bits = int(row[e + S.E_MODE])
    chosen = [str(k + 1) for k in range(5) if (bits >> k) & 1]
    return f", action{'s' if len(chosen) > 1 else ''} {' and '.join(chosen)} selected" if chosen else ""


def render(game, viewer: int | None = None, view=public_view) -> str:
    """The board as text (:func:`tcg_env.view.render_board` of :func:`public_view`, or a rules
    variant's ``view``). ``viewer``: whose hand to show (default: the player to act; -1 shows both,
    for debugging)."""
    from tcg_env.view import render_board

    if viewer is None:
        viewer = max(int(game._row[H_DECIDER]), 0)
    return render_board(view(game, None if viewer == -1 else viewer))


# ---- snapshots ----------------------------------------------------------------------------------
def to_dict(game) -> dict:
    row = game._row
    pool = game.pool
    fields = S.LAYOUT.to_fields(row)
    cards = []
    for slot in range(K.N_SLOTS):
        cid = int(row[S.CARD + slot * S.CARD_W])
        if cid < 0:
            continue
        cards.append(
            {
                "slot": slot,
                "number": pool.numbers[cid],
                "name": pool.names[cid],
                "owner": int(row[S.OWNER + slot * S.CARD_W]),
                "zone": ZONE_NAMES[K.Zone(int(row[S.ZONE + slot * S.CARD_W]))],
            }
        )
    return {
        "game": "fftcg",
        "format": SNAPSHOT_FORMAT,
        "variant": VARIANTS[int(row[H_VARIANT])],
        "pool": {"cards": pool.n_cards, "fingerprint": pool_fingerprint(pool)},
        "decision": {
            "kind": K.Decision(int(row[H_DECISION])).name,
            "player": int(row[H_DECIDER]),
        },
        "cards": cards,
        "fields": fields,
    }


# the value domain of every field the engine reads as a flag, a player or an enum (the zone lists,
# counts and card ids are checked by check_consistency; the remaining fields are free integers)
VALUE_DOMAINS = {
    "variant": (0, 1),  # constructed, limited
    "turn_player": (0, 1),
    "first_player": (0, 1),
    "priority_player": (0, 1),
    "mulligan_stage": (0, 2),  # first player, second player, done
    "phase": K.Phase,
    "attack_step": K.AttackStep,
    "decision": K.Decision,
    "zone": K.Zone,
    "controller": (0, 1),
    "dull": FLAG,
    "frozen": FLAG,
    "drew_from_empty": FLAG,
    "damaged_with_empty_deck": FLAG,
    "block_declared": FLAG,
    "pay_has_element": FLAG,
    "pay_same_name": FLAG,
    "priority_rules_clean": FLAG,
    "stack_count": (0, K.STACK_MAX),
    "frame_count": (0, K.FRAME_MAX),
    "attacker_count": (0, K.FIELD_SLOTS),
    "candidate_count": (0, K.OPTION_SLOTS),
    "pending_trigger_count": (0, K.PENDING_TRIGGER_MAX),
    # every zone count (damage_count, FF-TCG's life, among them): 0..its list's capacity
    **zone_count_domains(S.ZONES),
}


def check_values(row: np.ndarray) -> None:
    """Flags 0 or 1, players 0 or 1, enums inside their enum, counts inside their capacity, an RNG
    state that can move, damage within the game's losing count: a SnapshotError naming the field
    and element otherwise."""
    S.LAYOUT.check_header(row)
    S.LAYOUT.check_values(row, VALUE_DOMAINS)
    # FF-TCG's life is the damage zone. CR 3.1.1 / 6.5.2: damage puts cards into it one at a time,
    # and the one that makes 7 (6 in a limited game, variant 1) ends the game at once (the engine's
    # defeats_end_game), after which no damage is dealt: no position holds more. Exactly that many
    # in a game in progress is a position built by hand, which the rule processes end (CR 12.4.1).
    lose_at = K.DAMAGE_TO_LOSE_LIMITED if int(row[H_VARIANT]) == K.VARIANT_LIMITED else K.DAMAGE_TO_LOSE_CONSTRUCTED
    for p in range(2):
        n = int(row[S.DAMAGE_N + p])
        if n > lose_at:
            raise SnapshotError(f"fftcg snapshot: field 'damage_count'[{p}] is {n}, must be 0..{lose_at}: the "
                                f"{lose_at}th damage ends the game (CR 3.1.1, a {VARIANTS[int(row[H_VARIANT])]} game)")


def check_consistency(row: np.ndarray, pool, spec=None) -> None:
    """Every card slot is in exactly the zone list its zone says; counts within capacity; the
    pending decision has a legal action (under the rules of ``spec``: FF-TCG's, or a rules variant's)."""
    if spec is None:
        from tcg_env.games.fftcg import SPEC as spec

    kernels = spec.kernels

    def err(msg):
        raise SnapshotError(f"{spec.name} snapshot: " + msg)

    seen = S.ZONES.check(row, err)
    for slot in range(K.N_SLOTS):
        cid = int(row[S.CARD + slot * S.CARD_W])
        z = int(row[S.ZONE + slot * S.CARD_W])
        if cid < -1 or cid >= pool.n_cards:
            err(f"slot {slot} has card id {cid}, outside this pool (0..{pool.n_cards - 1})")
        if int(row[S.OWNER + slot * S.CARD_W]) != slot // K.MAX_DECK:
            err(f"slot {slot} must be owned by player {slot // K.MAX_DECK}")
        # a card is in the list its zone names (the zone table's check: every listed card is in its
        # zone's list), or in a zone without a list: none (being played, CR 11.4.2) or the stack
        if cid >= 0 and z in S.ZONES.lists and slot not in seen:
            err(f"slot {slot} has zone {K.Zone(z).name} but is in no zone list")
        if cid < 0 and z != 0:
            err(f"slot {slot} is empty but has zone {z}")
        if z != int(K.Zone.FIELD):
            # a card leaving the field is reset and effects change field cards only; the End
            # Phase clean-up (CR 9.5.1.3) relies on it and visits the field alone
            for attr, off in (("damage_taken", S.DMG), ("power_mod_eot", S.PMOD_EOT), ("keywords_eot", S.KW_EOT),
                              ("restrict_eot", S.RST_EOT)):
                if int(row[off + slot * S.CARD_W]) != 0:
                    err(f"slot {slot} is not on the field but has {attr} {int(row[off + slot * S.CARD_W])}: "
                        "only field cards carry damage and end-of-turn changes")
    if row[S.MARKS : S.MARKS + K.N_SLOTS].any():
        err("field 'scratch_marks' must be all zero")
    check_progress(row, pool, err, kernels, K.NUM_ACTIONS, K.Decision)
    done = int(row[H_DONE])
    clean = int(row[S.PRIORITY_CLEAN])
    if clean not in (0, 1):
        err(f"field 'priority_rules_clean' must be 0 or 1, got {clean}")
    if clean:
        if done or int(row[H_DECISION]) != K.Decision.PRIORITY:
            err("field 'priority_rules_clean' is 1 but no PRIORITY decision is pending")
        if int(row[S.PT_N]) or int(row[S.PT_N + 1]):
            err("field 'priority_rules_clean' is 1 but auto-abilities are pending")
        # the flag lets a pass skip the next priority point's rule processes (CR 12.3): passing with
        # and without it must reach the same state, or the position needs them (set the flag to 0)
        with_flag, without = row.copy(), row.copy()
        without[S.PRIORITY_CLEAN] = 0
        mask, no_cards, no_obs = np.zeros(K.NUM_ACTIONS, np.int8), np.zeros(1, np.int32), np.zeros(1, np.float32)
        for trial in (with_flag, without):
            kernels.row_entry(kernels.ROW_STEP, trial, pool.kernel_tables, no_cards, no_cards, 0, 0, 0, K.PASS, mask,
                              no_obs)
        if not np.array_equal(with_flag, without):
            err("field 'priority_rules_clean' is 1 but the rule processes (CR 12.3) would change this position; "
                "set it to 0")


check_snapshot = snapshot_check(check_values, check_consistency)
# the shared staged snapshot (tcg_env.adapter: the game first, then the format, the pool, the fields,
# check_snapshot), as the other games restore theirs; the readable ``cards`` list is not read back
from_dict = snapshot_restorer("fftcg", SNAPSHOT_FORMAT, S.LAYOUT, pool_fingerprint, check_snapshot)


# ---- networks and training ---------------------------------------------------------------------
def obs_scale() -> np.ndarray:
    """Per-column input scale of the flat observation (1 except the integer columns): FF-TCG's
    observation carries a few small integers (card ids, element / type / zone indices), brought to
    [0, 1] here."""
    scale = np.ones(OBS_SIZE, np.float32)
    integers = {"card_id_plus1": 1.0 / 128.0, "element": 1.0 / 8.0, "type": 1.0 / 8.0, "zone": 1.0 / 8.0}
    for b in OBS:
        rows, width = b.shape
        for name, factor in integers.items():
            if name in b.columns:
                scale[b.base + b.col(name) : b.end : width] = factor
    return scale


def shaping_potential() -> dict[int, float]:
    """{observation column: weight} of "opponent's damage minus mine, as a fraction of the damage
    that loses": 7 damage (CR 1.2.2: the ``*_damage_div7`` columns)."""
    g = OBS["global"]
    return {g.base + g.col("opp_damage_div7"): 1.0, g.base + g.col("my_damage_div7"): -1.0}


# ---- card lists and decks ------------------------------------------------------------------------
def card_attributes(pool) -> dict:
    """``tcg cards list`` filters: --element, --type (the pool's type names: a rules variant's table
    has its own), --cost."""
    return {"element": card_attribute(pool, K.C_ELEMENT, K.ELEMENT_NAMES),
            "type": card_attribute(pool, K.C_TYPE, list(pool.TYPE_NAMES)), "cost": card_attribute(pool, K.C_COST)}


def deck_summary(pool, deck) -> str:
    """``30 forwards, 15 backups, 5 summons; fire 25, wind 25``."""
    types = deck_counts(pool, deck.card_ids, K.C_TYPE, list(pool.TYPE_NAMES))
    elements = deck_counts(pool, deck.card_ids, K.C_ELEMENT, K.ELEMENT_NAMES, order="count")
    return (", ".join(f"{n} {t}s" for t, n in types.items()) + "; "
            + ", ".join(f"{e} {n}" for e, n in elements.items()))  # fmt: skip
