"""Force of Will rules kernels: automatic abilities triggering (CR 906.4), queued on the core's
pending lists (``engine.triggers``) for their controllers to play at the next priority sequence
(CR 906.5, ``priority.play_pending``): a card's own abilities, every active card's, and the
[Trigger] and [Stealth] cards of the standby areas and hands (CR 708.2, 1113.2b, 1114.2). The
automatic abilities of keyword skills trigger in ``keywords``."""

from tcg_env.engine.header import H_TURN
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table, flag_table
from tcg_env.engine.triggers import pending_add
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import Zone
from tcg_env.games.force_of_will.state import (
    CARD, CARD_W, CONTROLLER, LAYOUT, LEFT, LEFT_N, MOVE_OPEN, OWNER, PT, PT_N, STANDBY_TURN, TURN_PLAYER, ZONE, ZT
)
from tcg_env.games.force_of_will.state import RESTED  # session 33: becomes_rested
from tcg_env.rules.triggers import NO_CARD_SKIPS, TriggerColumns, trigger_abilities


# the automatic abilities of the ability table (tcg_env.rules.triggers): "on your / your opponent's
# turn" (A_TRIG_WHOSE), a condition, a trigger filter the card the event is about must match; an
# event about no card does not trigger an ability with a filter (CR 906.4)
TT = TriggerColumns(LAYOUT, card=CARD, abil_start=K.C_ABIL_START, abil_count=K.C_ABIL_COUNT, kind=K.A_KIND,
                    auto=K.AbilityKind.AUTOMATIC, trigger=K.A_TRIGGER, cond=K.A_COND, cond_arg=K.A_COND_ARG,
                    trig_filter=K.A_TRIG_FILTER, whose=K.A_TRIG_WHOSE, yours=K.TriggerWhose.YOURS,
                    opponents=K.TriggerWhose.OPPONENTS, turn_player=TURN_PLAYER, no_card=NO_CARD_SKIPS).compile()


@internal
def trigger_own(game, s, T, slot, trig, aux):
    """Card ``slot``'s automatic abilities with trigger ``trig`` fire (CR 906.4); its controller
    plays them at the next priority sequence (CR 906.5). An ability with a trigger filter (another
    card enters, a J/resonator attacks) fires only when card ``aux`` matches it. Session 33: none
    when the card lost all its abilities (CR 909.1d, characteristics.lost_abilities)."""
    if game.abilities_lost(s, T, slot):
        return
    trigger_abilities(game, s, T, TT, slot, s[CONTROLLER + slot * CARD_W], trig, aux, True, 0)


@internal
def becomes_rested(game, s, T, slot):
    """Session 33 (s33b): rest card ``slot`` (in a field or a ruler area: an attack, CR 803.5; a block, 804.4; a rest
    cost or a will ability, 1013.2-3; an effect, 1013.1). A recovered card that is rested becomes rested (CR 104.3: one
    already rested does not): its "when this card becomes rested" abilities trigger (Trigger.BECOMES_RESTED), only in
    pools with one (FLAG_BECOMES_RESTED)."""
    w = slot * CARD_W
    was = s[RESTED + w]
    s[RESTED + w] = 1
    if was == 0:
        F = flag_table(T)
        if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_BECOMES_RESTED) != 0:
            game.trigger_own(s, T, slot, K.Trigger.BECOMES_RESTED, -1)


@internal
def trigger_controlled(game, s, T, trig, p):
    """The automatic abilities with trigger ``trig`` of the cards player ``p`` controls (its field and
    ruler area): a trigger on the player ("whenever you gain life", "whenever damage is dealt to you")."""
    for z in (Zone.FIELD, Zone.RULER_AREA):
        n_off, l_off = zone_offsets(ZT, z, p)
        for i in range(s[n_off]):
            game.trigger_own(s, T, s[l_off + i], trig, -1)


@internal
def trigger_controlled_on(game, s, T, trig, p, aux):
    """``trigger_controlled`` about card ``aux`` (its trigger filter reads it): "whenever you play a
    <card>" (Trigger.YOU_PLAY, the card on the chase)."""
    for z in (Zone.FIELD, Zone.RULER_AREA):
        n_off, l_off = zone_offsets(ZT, z, p)
        for i in range(s[n_off]):
            game.trigger_own(s, T, s[l_off + i], trig, aux)


@internal
def trigger_all(game, s, T, trig, aux):
    """Every active card's automatic abilities with trigger ``trig`` (CR 902.1: the J/resonators,
    additions, regalia and stones in the field, the rulers in their ruler areas), the turn
    player's first; for OTHER_ENTERS not card ``aux``'s own ("another card")."""
    for p in range(2):
        p0 = s[TURN_PLAYER] if p == 0 else 1 - s[TURN_PLAYER]
        for z in (Zone.FIELD, Zone.RULER_AREA):
            n_off, l_off = zone_offsets(ZT, z, p0)
            for i in range(s[n_off]):
                slot = s[l_off + i]
                if trig != K.Trigger.OTHER_ENTERS or slot != aux:
                    game.trigger_own(s, T, slot, trig, aux)
    game.trigger_standby(s, T, trig, aux)


@internal
def other_to_graveyard(game, s, T, slot, ctrl):
    """Card ``slot`` has just been put from the field into a graveyard (controlled by ``ctrl`` there): the abilities
    "whenever a <card> is put into a graveyard from the field" (Trigger.OTHER_TO_GRAVEYARD) trigger. CR 906.7b: the
    moved card is read as it was in the field (its zone and controller then; the compiler keeps the filters to what
    leaving the field does not change). The abilities that watch: those of the active cards (CR 902.1, the turn
    player's first), of the moved card itself and of the cards put from the field into a graveyard at the same time
    before it (state.LEFT, an instruction's targets or a rule process's sweep: they were in the field as it left,
    CR 906.7). Only in pools with such an ability (FLAG_OTHER_TO_GRAVE)."""
    w = slot * CARD_W
    zone = s[ZONE + w]
    s[ZONE + w] = Zone.FIELD
    s[CONTROLLER + w] = ctrl
    for p in range(2):
        p0 = s[TURN_PLAYER] if p == 0 else 1 - s[TURN_PLAYER]
        for z in (Zone.FIELD, Zone.RULER_AREA):
            n_off, l_off = zone_offsets(ZT, z, p0)
            for i in range(s[n_off]):
                game.trigger_own(s, T, s[l_off + i], K.Trigger.OTHER_TO_GRAVEYARD, slot)
    game.trigger_own(s, T, slot, K.Trigger.OTHER_TO_GRAVEYARD, slot)
    for i in range(s[LEFT_N]):
        o = s[LEFT + 2 * i]
        if o == slot or s[ZONE + o * CARD_W] != Zone.GRAVEYARD:
            continue
        back = s[CONTROLLER + o * CARD_W]
        s[CONTROLLER + o * CARD_W] = s[LEFT + 2 * i + 1]  # its controller as it was in the field
        game.trigger_own(s, T, o, K.Trigger.OTHER_TO_GRAVEYARD, slot)
        s[CONTROLLER + o * CARD_W] = back
    s[ZONE + w] = zone
    s[CONTROLLER + w] = s[OWNER + w]
    if s[MOVE_OPEN] != 0 and s[LEFT_N] < K.LEFT_MAX:
        s[LEFT + 2 * s[LEFT_N]] = slot
        s[LEFT + 2 * s[LEFT_N] + 1] = ctrl
        s[LEFT_N] += 1


@internal
def open_move(s, T):
    """A move of several cards at the same time begins (an instruction's targets, a rule process's sweep; CR 906.7)."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_OTHER_TO_GRAVE) != 0:
        s[MOVE_OPEN] = 1


@internal
def close_move(s, T):
    """The move of ``open_move`` is over: the cards it moved watch no more."""
    F = flag_table(T)
    if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_OTHER_TO_GRAVE) != 0:
        s[MOVE_OPEN] = 0
        for i in range(2 * s[LEFT_N]):
            s[LEFT + i] = 0
        s[LEFT_N] = 0


@internal_inline  # one caller: inlined into it (engine.jit)
def already_pending(s, p, slot):
    """CR 708.2a: a triggered automatic card does not trigger again."""
    for i in range(s[PT_N + p]):
        if s[PT + (p * K.PENDING_MAX + i) * 3] == slot:
            return True
    return False


@internal
def trigger_standby(game, s, T, trig, aux):
    """CR 708.2 / 906.2 / 1113.2b: chants with an automatic-like [Trigger] ("<condition> =>
    <effect>") in a standby area or a hand trigger, revealed, when their condition is met; in the
    standby area not on the turn they were put there (CR 708.5, 906.4a). Simplified: a card in a
    standby area always reveals (the player put it there for it); one in the hand is queued and
    its owner chooses whether to reveal it when it would be played (``priority.play_trigger_card``:
    the REVEAL_TRIGGER decision; nothing happens between the two).
    CR 1114.2 / 1416.1a: a resonator with an automatic-like [Stealth] in the standby area triggers
    the same way, also on the turn it was put there (CR 1114.3); its controller may then play it
    (priority.play_pending)."""
    abil = ability_table(T)
    for k in range(2):
        p = s[TURN_PLAYER] if k == 0 else 1 - s[TURN_PLAYER]
        for z in (Zone.STANDBY, Zone.HAND):
            n_off, l_off = zone_offsets(ZT, z, p)
            for i in range(s[n_off]):
                slot = s[l_off + i]
                r = card_table(T)[s[CARD + slot * CARD_W], K.C_TRIGGER_ABIL]
                stealth = r < 0 and z == Zone.STANDBY
                if stealth:
                    r = card_table(T)[s[CARD + slot * CARD_W], K.C_STEALTH_ABIL]
                if r < 0 or abil[r, K.A_TRIGGER] != trig:
                    continue
                if z == Zone.STANDBY and not stealth and s[STANDBY_TURN + slot * CARD_W] >= s[H_TURN]:
                    continue  # CR 708.5 ([Stealth]: CR 1114.3)
                whose = abil[r, K.A_TRIG_WHOSE]
                if (whose == K.TriggerWhose.YOURS and s[TURN_PLAYER] != p) or (
                        whose == K.TriggerWhose.OPPONENTS and s[TURN_PLAYER] == p):
                    continue
                if trig == K.Trigger.OPPONENT_ATTACKS and s[CONTROLLER + aux * CARD_W] == p:
                    continue  # the attacker is its own
                if abil[r, K.A_TRIG_FILTER] >= 0 and (
                        aux < 0 or not game.filter_match(s, T, abil[r, K.A_TRIG_FILTER], aux, p, slot)):
                    continue
                if already_pending(s, p, slot) or not game.condition_holds(
                        s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, slot):
                    continue
                pending_add(game, s, p, slot, r, aux)
