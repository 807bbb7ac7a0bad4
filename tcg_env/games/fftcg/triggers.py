"""FF-TCG rules kernels: auto-abilities that trigger (CR 11.8).

A triggered auto-ability waits in its controller's pending list (the engine core's,
:mod:`tcg_env.engine.triggers`) until the next time a player would receive priority, when it is
put on the stack (``stack.priority_point``, CR 11.8.7). One card's abilities triggered by an event
are the shared rules layer's scan (:func:`tcg_env.rules.triggers.trigger_abilities`, over the
columns ``state.TRIGGERS`` declares); which cards are looked at, and in which order, is here.
"""

from tcg_env.engine.jit import internal, internal_widened
from tcg_env.engine.tables import ability_table, card_table, flag_table
from tcg_env.engine.triggers import PE_ABIL, pending_add, pending_count, pending_entry, pending_remove
from tcg_env.rules.triggers import trigger_abilities
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS, N_REGS, TARGET_MAX
from tcg_env.games.fftcg.state import (ATK_L, ATK_N, CARD, CARD_W, CONTROLLER, E_CTRL, E_REG, E_REGN, FIELD_L, FIELD_N,
                                       HIT_BY, OWNER, PHASE, RST_EOT, TT, TT_ENTERS_OTHER, ZONE)


# =============================================================================================
# Triggers (CR 11.8)
# =============================================================================================
@internal
def queue_once(game, s, T, slot, player, n0):
    """"This effect will trigger only once per turn." (A_ONCE, session 21): of ``player``'s pending auto-abilities
    from entry ``n0`` on (those a scan of card ``slot`` has just queued), one that triggers once per turn is taken off
    again when the card's RESTRICT_TRIGGERED_ONCE mark says it has triggered this turn, else it marks the card (a
    restriction until the end of the turn, forgotten when the card moves, CR 7.4: as the action abilities' "once per
    turn" marks). Only in a pool with such an ability (FL_MISC bit FLAG_TRIGGER_ONCE)."""
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_TRIGGER_ONCE) == 0:
        return
    abil = ability_table(T)
    i = n0
    while i < pending_count(game, s, player):
        a = s[pending_entry(game, s, player, i) + PE_ABIL]
        if abil[a, K.A_KIND] == K.AbilityKind.AUTO and abil[a, K.A_ONCE] != 0:
            if (s[RST_EOT + slot * CARD_W] & K.RESTRICT_TRIGGERED_ONCE) != 0:
                pending_remove(game, s, player, i)  # it has triggered this turn: it does not trigger
                continue
            game.add_restrictions(s, slot, K.RESTRICT_TRIGGERED_ONCE, K.Duration.END_OF_TURN)
        i += 1


@internal_widened  # called with many literal triggers: one compile (engine.jit)
def trigger_card(game, s, T, slot, controller, trig, aux):
    """Queue ``slot``'s auto-abilities with trigger ``trig`` (conditions checked now, CR 11.8.13)."""
    n0 = pending_count(game, s, controller)
    if trigger_abilities(game, s, T, TT, slot, controller, trig, aux, True, 0) > 0:
        game.queue_once(s, T, slot, controller, n0)


@internal
def trigger_field(game, s, T, player, trig, aux):
    """Queue the auto-abilities with trigger ``trig`` of every card ``player`` controls."""
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        game.trigger_card(s, T, slot, player, trig, aux)


@internal
def after_draw(game, s, T, player, n):
    """``player`` has drawn ``n`` cards (more than 0: the Draw Phase's, CR 9.2.1.1, turn.start_turn; an effect's "Draw N
    cards", the core interpreter's DRAW): "When you draw a card" (Trigger.DRAW) of every card of their field and "When
    your opponent draws a card outside of his/her Draw Phase" (Trigger.OPP_DRAWS_OUTSIDE_DRAW_PHASE) of every card of
    the other field, once for each card drawn (each is a card drawn; the Draw Phase draws two, CR 9.2.1.1). The
    abilities wait for the next priority (CR 11.8.7; in the Draw Phase, CR 9.2.1.2). Only in a pool with such an
    ability (FL_MISC bit FLAG_DRAW_TRIGGER)."""
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_DRAW_TRIGGER) == 0:
        return
    for _ in range(n):
        game.trigger_field(s, T, player, K.Trigger.DRAW, -1)
        if s[PHASE] != K.Phase.DRAW:
            game.trigger_field(s, T, 1 - player, K.Trigger.OPP_DRAWS_OUTSIDE_DRAW_PHASE, -1)


@internal
def trigger_enters(game, s, T, slot, player):
    """CR 11.8.16.2.1: after a card enters, every card on the field is checked (the entering card
    must match the trigger filter of "when a ... enters your field")."""
    game.trigger_card(s, T, slot, player, K.Trigger.ENTERS_SELF, slot)
    for i in range(s[FIELD_N + player]):
        other = s[FIELD_L + player * FIELD_SLOTS + i]
        if other != slot:
            n0 = pending_count(game, s, player)
            if trigger_abilities(game, s, T, TT_ENTERS_OTHER, other, player, K.Trigger.ENTERS_OTHER, slot, True, 0) > 0:
                game.queue_once(s, T, other, player, n0)


@internal
def trigger_put_into_break_other(game, s, T, slot, player, listed):
    """"When a <filter> is put from the field into the Break Zone" (Trigger.PUT_INTO_BREAK_OTHER): called
    while ``slot`` (``player``'s) is still a card of the field (its zone and controller as they were; off the
    field list unless ``listed``), so the filter sees it as it last was; every card of both fields is looked
    at, and the leaving card itself (a leaves-the-field ability looks back: "When a Backup you control is put
    ..." on a Backup triggers on its own leaving; "other than <this>" is the filter's). ``listed``: cards that
    leave the field at once are looked at before any of them moves (zones.scan_leaving_together), each still
    on its field list, so that the abilities of all of them see all of them leave."""
    for q in range(2):
        for i in range(s[FIELD_N + q]):
            other = s[FIELD_L + q * FIELD_SLOTS + i]
            n0 = pending_count(game, s, q)
            if trigger_abilities(game, s, T, TT_ENTERS_OTHER, other, q, K.Trigger.PUT_INTO_BREAK_OTHER, slot, True,
                                 0) > 0:
                game.queue_once(s, T, other, q, n0)
    if not listed:
        n0 = pending_count(game, s, player)
        if trigger_abilities(game, s, T, TT_ENTERS_OTHER, slot, player, K.Trigger.PUT_INTO_BREAK_OTHER, slot, True,
                             0) > 0:
            game.queue_once(s, T, slot, player, n0)  # (its mark as it last was on the field)
    if s[HIT_BY + slot] != 0:
        game.trigger_marked(s, T, slot)


@internal
def trigger_marked(game, s, T, slot):
    """``slot``, marked this turn (state.HIT_BY), is being put from the field into the Break Zone (called as
    trigger_put_into_break_other is, the cards leaving with it still on the field): each card whose damage marked it
    triggers its "When a <filter> damaged by <this> is put from the field into the Break Zone on the same turn" while it
    is on the field (an auto-ability works there, CR 11.8; the filter sees ``slot`` as it last was); each card whose
    effect marked it (HIT_DELAYED: "When it is put from the field into the Break Zone this turn, ...") triggers that
    delayed ability wherever it is (a Summon in the Break Zone), for the player who controlled the effect (the card's
    controller on the field, else its owner)."""
    m = s[HIT_BY + slot]
    for k in range(K.HIT_MAX):
        mark = (m >> (K.HIT_BITS * k)) & ((1 << K.HIT_BITS) - 1)
        if mark == 0:
            break
        src = (mark & (K.HIT_DELAYED - 1)) - 1
        if (mark & K.HIT_DELAYED) != 0:
            who = s[CONTROLLER + src * CARD_W] if s[ZONE + src * CARD_W] == K.Zone.FIELD else s[OWNER + src * CARD_W]
            trigger_abilities(game, s, T, TT, src, who, K.Trigger.DELAYED_PUT_BREAK, slot, True, 0)
        elif s[ZONE + src * CARD_W] == K.Zone.FIELD:
            trigger_abilities(game, s, T, TT_ENTERS_OTHER, src, s[CONTROLLER + src * CARD_W],
                              K.Trigger.DAMAGED_BY_PUT_BREAK, slot, True, 0)


@internal
def trigger_attacks_other(game, s, T, attacker):
    """"When a <filter> attacks" (Trigger.ATTACKS_OTHER): every card of both fields, the attacker included
    ("When a Forward you control attacks" on a Forward triggers when it attacks; "other than <this>" is the
    filter's); each Forward of a party attacks (CR 10.1.2)."""
    for q in range(2):
        for i in range(s[FIELD_N + q]):
            other = s[FIELD_L + q * FIELD_SLOTS + i]
            n0 = pending_count(game, s, q)
            if trigger_abilities(game, s, T, TT_ENTERS_OTHER, other, q, K.Trigger.ATTACKS_OTHER, attacker, True, 0) > 0:
                game.queue_once(s, T, other, q, n0)


@internal
def trigger_party_attacks(game, s, T, player, trig):
    """"When a party you control attacks" / "When N or more <filter> you control form a party and attack"
    (Trigger.PARTY_ATTACKS): ``player``'s Forwards of the attack (ATK_L) attack as a party (two or more, CR
    15.1.1.9); every card of ``player``'s field whose ability asks at least a count of them matching a filter
    (A_TRIG_FILTER: (filter row + 1) * COND_COUNT_SPAN + count, row -1: any) triggers once for the attack (its
    condition checked now, CR 11.8.13). ``trig``: PARTY_ATTACKS as the attack is declared, PARTY_DEALS_DAMAGE_TO_PLAYER
    as its unblocked point is dealt (CR 10.1.4.1): then the party is its Forwards still on ``player``'s field, two or more
    (CR 15.1.1.9.5)."""
    if s[ATK_N] < 2:
        return
    cards = card_table(T)
    abil = ability_table(T)
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        cid = s[CARD + slot * CARD_W]
        a0 = cards[cid, K.C_ABIL_START]
        n0 = pending_count(game, s, player)
        for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
            if abil[a, K.A_KIND] != K.AbilityKind.AUTO or abil[a, K.A_TRIGGER] != trig:
                continue
            fr = abil[a, K.A_TRIG_FILTER] // K.COND_COUNT_SPAN - 1
            need = abil[a, K.A_TRIG_FILTER] % K.COND_COUNT_SPAN
            n = 0
            party = 0
            for j in range(s[ATK_N]):
                if not game.controls(s, player, s[ATK_L + j]):
                    continue  # left the field (CR 15.1.1.9.5); never at the declaration
                party += 1
                if fr < 0 or game.filter_match(s, T, fr, s[ATK_L + j], player, slot):
                    n += 1
            if party >= 2 and n >= need and game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG],
                                                                     player, slot):
                pending_add(game, s, player, slot, a, -1)
        if pending_count(game, s, player) > n0:
            game.queue_once(s, T, slot, player, n0)


@internal
def trigger_chosen(game, s, T, base, slot):
    """"When <this> is chosen by a Summon or an ability" (Trigger.CHOSEN_SELF) and "... by your opponent's Summons
    or abilities" (CHOSEN_BY_OPP_SELF): ``slot`` is being chosen as a target of the Summon or ability of the entry
    at ``base`` (its targets are chosen as it is cast or put on the stack, CR 11.3.3 / 11.6.5 / 11.8.9; the
    auto-ability waits for the next priority, CR 11.8.7, so it resolves first). A card chosen again by the same
    Summon or ability (a second set of targets) is not chosen anew. Called only in a pool with such an ability."""
    for reg in range(N_REGS):
        for j in range(s[base + E_REGN + reg]):
            if s[base + E_REG + reg * TARGET_MAX + j] == slot:
                return
    owner = s[CONTROLLER + slot * CARD_W]
    game.trigger_card(s, T, slot, owner, K.Trigger.CHOSEN_SELF, -1)
    if s[base + E_CTRL] != owner:
        game.trigger_card(s, T, slot, owner, K.Trigger.CHOSEN_BY_OPP_SELF, -1)
