"""FF-TCG rules kernels: moving cards between zones (CR 7).

A card that moves is a new card in its new zone (CR 7.4); entering and leaving the field trigger
auto-abilities (CR 11.8); drawing (CR 9.2; from an empty deck CR 3.1.2) and discarding (CR
15.1.1.4). The lists themselves are the core's zone table (``state.ZT``): taking a card out of a
zone, shuffling a deck (CR 15.1.1.6) and dealing are ``tcg_env.engine.zones`` kernels.
"""

from tcg_env.engine.tables import ability_table, card_table, code_table, flag_table
from tcg_env.engine.jit import internal, internal_widened
from tcg_env.engine.header import H_TURN
from tcg_env.engine.zones import zone_find, zone_pop_top, zone_push, zone_put, zone_remove, zone_remove_at
from tcg_env.rules.modifiers import mod_forget
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS, MAX_DECK, PENDING_TRIGGER_MAX
from tcg_env.games.fftcg.state import (
    BOOST,
    PAY_SLOT,
    DERIVED_CLEAN,
    E_CTRL,
    FR_MODE,
    PLAYER_SHIELD,
    HIT_BY,
    ASSIGNED,
    BREAK_IN,
    ATK_L,
    ATK_N,
    BLOCKER,
    CARD,
    CARD_W,
    CONTROLLER,
    CTRL_TURN,
    DECK_L,
    DECK_N,
    DREW_FROM_EMPTY,
    BUILD_ENTRY,
    DULL,
    D_POWER,
    D_RST,
    E_ABIL,
    E_AUX,
    E_LKI,
    E_SLOT,
    ENTRY_W,
    FR_PURPOSE,
    FRAME_N,
    FRAME_W,
    FRAMES,
    FIELD_L,
    FIELD_N,
    HAND_L,
    HAND_N,
    MARKS,
    MT,
    OWNER,
    PAY_KIND,
    PT,
    PT_N,
    STACK,
    STACK_N,
    TIMESTAMP,
    ZONE,
    ZT,
)


# =============================================================================================
# Moving cards (CR 7.4: a card that moves is a new card in its new zone)
# =============================================================================================
@internal
def put_in_zone(s, slot, zone):
    """Put ``slot`` on top of its owner's list for ``zone`` (not the field: ``enter_field``), under
    its owner's control (CR 6.2.4: control is a matter of the field)."""
    s[CONTROLLER + slot * CARD_W] = s[OWNER + slot * CARD_W]
    zone_put(s, ZT, slot, zone)
    if zone == K.Zone.BREAK:
        s[BREAK_IN + s[OWNER + slot * CARD_W]] += 1  # what the kept field part's Break Zone conditions read


@internal_widened  # called with literal arguments from many places: one compile (engine.jit)
def leave_field(game, s, T, slot, dest, is_break):
    """Move a card from the field to ``dest`` of its owner. ``is_break``: it was broken
    (CR 15.1.1.3), which triggers "is broken" abilities; other moves to the Break Zone do not
    (CR 15.1.1.3.2)."""
    cards = card_table(T)
    if dest == K.Zone.BREAK and (s[D_RST + slot * CARD_W] & K.RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE) != 0:
        # "If it is put from the field into the Break Zone this turn, remove it from the game instead.": a replacement
        # (CR 11.12.5); the replaced event (put into the Break Zone, broken) triggers nothing (CR 11.8.15)
        dest = K.Zone.REMOVED
        is_break = False
    p = s[CONTROLLER + slot * CARD_W]
    zone_remove(s, FIELD_N + p, FIELD_L + p * FIELD_SLOTS, slot)
    # leaves battle (CR 10.1.3.3)
    i = zone_find(s, ATK_N, ATK_L, slot)
    if i >= 0:
        zone_remove_at(s, ATK_N, ATK_L, i)
        for j in range(i, FIELD_SLOTS - 1):
            s[ASSIGNED + j] = s[ASSIGNED + j + 1]
        s[ASSIGNED + FIELD_SLOTS - 1] = 0
    if s[BLOCKER] == slot:
        s[BLOCKER] = -1
    scanned = (s[MARKS + slot] & K.BreakMark.SCANNED) != 0  # looked at with the cards leaving with it
    if scanned:
        s[MARKS + slot] = K.BreakMark.NONE  # (scan_leaving_together; the scratch is all zero between calls)
    if dest == K.Zone.BREAK and not scanned:
        game.trigger_put_into_break_other(s, T, slot, p, False)  # before it changes zone: the filter sees it on the field
    ft = flag_table(T)
    lki = s[D_POWER + slot * CARD_W]
    mod_forget(s, MT, slot)  # CR 7.4: a new card (state.MODS)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_SOURCE_POWER) != 0:
        game.keep_source_power(s, T, slot, lki, False)
    s[DERIVED_CLEAN] = 0  # a field changed
    game.put_in_zone(s, slot, dest)
    s[HIT_BY + slot] = 0  # a new card (CR 7.4): "damaged by ~" / a delayed trigger's mark no longer on it
    game.trigger_card(s, T, slot, p, K.Trigger.LEAVES_FIELD_SELF, slot)
    if dest == K.Zone.BREAK:  # broken or not (CR 15.1.1.3.2)
        if cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.FORWARD:
            s[PLAYER_SHIELD + p] |= K.FORWARD_PUT_BREAK_BIT  # "if a Forward you controlled has been put ... this turn"
        game.trigger_card(s, T, slot, p, K.Trigger.PUT_INTO_BREAK_SELF, slot)
    if is_break:
        game.trigger_card(s, T, slot, p, K.Trigger.BROKEN_SELF, slot)
        if not scanned and cards[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.FORWARD:
            game.trigger_field(s, T, 1 - p, K.Trigger.OPP_FORWARD_BROKEN, slot)


@internal
def to_break_zone_instead(s, slot):
    """Would ``slot``, put from the field into the Break Zone, go there (not replaced: "remove it from the game
    instead", RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE; leave_field)?"""
    return (s[D_RST + slot * CARD_W] & K.RESTRICT_REMOVE_INSTEAD_OF_BREAK_ZONE) == 0


@internal
def scan_leaving_together(game, s, T, slot, broken):
    """``slot`` is one of two or more cards put from the field into the Break Zone at once (one effect: Op.BREAK,
    PUT_INTO_BREAK_ZONE on their targets, effects.each_target; the rule processes, CR 12.3 / 11.1.3): before any of
    them moves, its "When a <filter> is put from the field into the Break Zone" triggers and, ``broken`` (it is broken,
    CR 15.1.1.3), "When a Forward your opponent controls is broken" (Trigger.OPP_FORWARD_BROKEN) are looked at over
    both fields, the others leaving with it still there, so that a watching card leaving with it sees it leave (the
    abilities look back at the event, all of the cards in it: one event, CR 12.3). Marks it (BreakMark.SCANNED in
    state.MARKS) so that leave_field does not look again. Only in a pool with such an ability (FLAG_PUT_BREAK_OTHER)."""
    if s[ZONE + slot * CARD_W] == K.Zone.FIELD and to_break_zone_instead(s, slot) \
            and (s[MARKS + slot] & K.BreakMark.SCANNED) == 0:
        p = s[CONTROLLER + slot * CARD_W]
        game.trigger_put_into_break_other(s, T, slot, p, True)
        if broken and card_table(T)[s[CARD + slot * CARD_W], K.C_TYPE] == K.CardType.FORWARD:
            game.trigger_field(s, T, 1 - p, K.Trigger.OPP_FORWARD_BROKEN, slot)
        s[MARKS + slot] |= K.BreakMark.SCANNED


@internal
def uses_source_power(T, arow):
    """Does ability row ``arow``'s program deal damage equal to its source's power (K.PER_SOURCE_POWER)?"""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, K.A_CODE_START]
    for i in range(abil[arow, K.A_CODE_LEN]):
        if code[c0 + i, K.I_OP] == K.Op.DAMAGE and code[c0 + i, K.I_A2] == K.PER_SOURCE_POWER:
            return True
    return False


@internal
def keep_source_power(game, s, T, slot, power, entering):
    """The card in ``slot`` leaves the field with ``power``, or (``entering``) enters it having kept ``power`` when it
    last left (pool flag FLAG_SOURCE_POWER). CR 11.11.4: an effect that references its source after the source moved
    uses the information just before it left. The Summons and abilities made with it as their source before this move
    (on the stack, being cast or resolved: state.E_LKI; waiting to be put on the stack: their E_AUX, when it is the card
    itself or none, as -2 - the power) keep the power they are to read: when it leaves, ``power``; when it enters, the
    power it left with for those its leaving triggered (E_AUX the card), else (made off the field: an EX Burst) its
    printed power. Once kept, an entry keeps it. The abilities its leaving triggers are made after it left: its D_POWER,
    which no zone but the field reads, keeps ``power`` for them (effects.source_power)."""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    a0 = cards[cid, K.C_ABIL_START]
    has = False
    for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        has = has or uses_source_power(T, a)
    if not has:
        return  # no ability of the card reads its power: nothing to keep (and nothing changes in the row)
    power = max(power, 0) // 1000
    if not entering:
        s[D_POWER + slot * CARD_W] = power * 1000
    printed = cards[cid, K.C_POWER] // 1000
    for k in range(s[STACK_N] + s[FRAME_N] + 1):
        if k < s[STACK_N]:
            e = STACK + k * ENTRY_W
        elif k < s[STACK_N] + s[FRAME_N]:
            e = FRAMES + (k - s[STACK_N]) * FRAME_W
            if s[e + FR_PURPOSE] == K.P_DAMAGE:
                continue  # the damage process's frame is no program's
        else:
            e = BUILD_ENTRY
        if s[e + E_SLOT] == slot and s[e + E_LKI] == 0 and s[e + E_AUX] > -2 and s[e + E_ABIL] >= 0 \
                and uses_source_power(T, s[e + E_ABIL]):
            s[e + E_LKI] = 1 + (power if not entering or s[e + E_AUX] == slot else printed)
    for p in range(2):
        for i in range(s[PT_N + p]):
            e = PT + (p * PENDING_TRIGGER_MAX + i) * 3
            aux = s[e + 2]
            if s[e] == slot and (aux == slot or aux == -1) and uses_source_power(T, s[e + 1]):
                s[e + 2] = -2 - (power if not entering or aux == slot else printed)


@internal
def enter_field(game, s, T, slot, player):
    """Put a card from limbo (zone NONE) onto ``player``'s field. Backups enter dull, and the cards that say so
    (Op.ENTERS_DULL)."""
    cards = card_table(T)
    if s[FIELD_N + player] >= FIELD_SLOTS:
        game.put_in_zone(s, slot, K.Zone.BREAK)  # no room (engine capacity, documented)
        return
    ft = flag_table(T)
    if (ft[ft.shape[0] - 1, K.FL_MISC] & K.FLAG_SOURCE_POWER) != 0:
        game.keep_source_power(s, T, slot, s[D_POWER + slot * CARD_W], True)
    mod_forget(s, MT, slot)  # CR 7.4
    s[DERIVED_CLEAN] = 0  # a field changes
    zone_push(s, FIELD_N + player, FIELD_L + player * FIELD_SLOTS, slot)
    s[ZONE + slot * CARD_W] = K.Zone.FIELD
    s[CONTROLLER + slot * CARD_W] = player
    s[CTRL_TURN + slot * CARD_W] = s[H_TURN]
    s[TIMESTAMP] += 1
    if s[PAY_KIND] != K.PK_CHARACTER or s[PAY_SLOT] != slot:
        s[BOOST + slot] &= ~K.PAID_MASK  # not cast: no CP paid to cast it (costs.note_paid_element)
    cid = s[CARD + slot * CARD_W]
    if cards[cid, K.C_TYPE] == K.CardType.FORWARD:
        # "If a Fire Forward has entered your field this turn" (the player's "this turn" bits, state.PLAYER_SHIELD)
        s[PLAYER_SHIELD + player] |= K.ENTERED_ELEMENT_BIT << cards[cid, K.C_ELEMENT]
    if cards[cid, K.C_TYPE] == K.CardType.BACKUP or (cards[cid, K.C_HAS_FIELD] & K.ENTERS_DULL) != 0:
        s[DULL + slot * CARD_W] = 1  # "<this> enters the field dull." (Op.ENTERS_DULL)
    game.refresh_derived(s, T)
    game.trigger_enters(s, T, slot, player)
    # "... enters the field due to your cast / due to your Summons or abilities": played from the hand paying its cost
    # (play.finish_payment, PAY_KIND still PK_CHARACTER), else put there by an effect
    game.trigger_card(s, T, slot, player, K.Trigger.ENTERS_SELF_CAST if s[PAY_KIND] == K.PK_CHARACTER
                      else K.Trigger.ENTERS_SELF_BY_EFFECT, slot)


@internal
def draw_cards(game, s, player, n):
    """Draw ``n`` cards; a draw from an empty deck loses at once (CR 3.1.2) and ends the game:
    callers stop when ``s[H_DONE]`` is set."""
    for _ in range(n):
        slot = zone_pop_top(s, DECK_N + player, DECK_L + player * MAX_DECK)
        if slot < 0:
            s[DREW_FROM_EMPTY + player] = 1  # CR 3.1.2 / 12.4.2
            game.defeats_end_game(s)
            return
        s[ZONE + slot * CARD_W] = K.Zone.NONE
        game.put_in_zone(s, slot, K.Zone.HAND)


@internal
def discard_hand_index(game, s, player, i):
    slot = zone_remove_at(s, HAND_N + player, HAND_L + player * MAX_DECK, i)
    s[ZONE + slot * CARD_W] = K.Zone.NONE
    game.put_in_zone(s, slot, K.Zone.BREAK)
    if s[FRAME_N] > 0:
        # discarded as a Summon or ability of the other player resolves (a cost is paid by its own player): "if your
        # opponent has discarded a card from their hand due to your Summons or abilities this turn"
        base = FRAMES + (s[FRAME_N] - 1) * FRAME_W
        ctrl = s[base + E_CTRL]
        if ctrl != player and ctrl >= 0 and s[base + FR_MODE] != K.M_DAMAGE:
            s[PLAYER_SHIELD + ctrl] |= K.OPP_DISCARDED_BIT | K.OPP_DISCARD_EVENT_BIT  # (Trigger.OPP_DISCARDS)
    return slot
