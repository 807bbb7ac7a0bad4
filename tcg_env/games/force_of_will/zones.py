"""Force of Will rules kernels: moving cards between the zones of CR 300s, through the core's zone
table (``engine.zones``), with the movement restrictions of CR 316 and what a card in a new zone
forgets (CR 302.3, 1022.3): entering the field (CR 307.7; its "enters" abilities trigger, CR
1140.2), draws (CR 1009), discards (CR 1019), destruction (CR 1010, with its replacement effects,
CR 910: ``replacement``), the magic stone deck (CR 305.3), the bottom of the main deck (CR 403.5)
and the standby area (CR 706.2); pseudo-cards (a rune's copy) ceasing to exist (CR 1017.1a,
1017.3a), tokens too once they left the field (CR 1303.3a)."""

from tcg_env.engine.header import H_TURN
from tcg_env.engine.jit import internal_inline
from tcg_env.engine.rng import shuffle_run_with  # session 27: a chant shuffled into its owner's deck
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table, flag_table
from tcg_env.engine.tables import ability_table, code_table  # session 32: zones.deck_grave_to_field
from tcg_env.engine.effects import I_A1, I_OP  # session 32
from tcg_env.engine.zones import zone_move, zone_offsets, zone_push_bottom, zone_put, zone_take
from tcg_env.rules.modifiers import mod_forget
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import C_J_SIDE, C_TYPE, CardType, Zone
from tcg_env.games.force_of_will.state import RESONATORS_TO_GRAVE  # session 22
from tcg_env.games.force_of_will.state import DEC_ARG  # session 34 (s34b): enter_field's choice (constants.DEC_ASK)
from tcg_env.games.force_of_will.state import (
    ASTRAL, ATTACHED, CARD, CARD_W, CONTROLLER, DAMAGE, DREW_FROM_EMPTY, ENTERED, HAND_L, HAND_N, MARK, MT, OWNER,
    PSEUDO, RESTED, STANDBY_TURN, ZONE, ZT
)
from tcg_env.games.force_of_will.state import FIELD_CAP  # change_control
from tcg_env.games.force_of_will.replacement import destroy_replaced, grave_replaced, shields_end_on
from tcg_env.games.force_of_will.characteristics import enters_with_counters  # session 24 (CR 1022.6)


@internal
def forget(game, s, slot):
    """CR 302.3 / 1022.3 / 1007.7: a card in a new zone is a new card: no damage, effects,
    counters (mana counters too), orientation (CR 303.1b), attachment or face up (a rune)
    (``state.MODS``); the prevention and replacement effects on it end."""
    mod_forget(s, MT, slot)
    shields_end_on(game, s, slot)


@internal_inline  # one caller: inlined into it (engine.jit)
def allowed_move(game, s, T, slot, z):
    """CR 316: the zones a card's printed type lets it move to (False: it does not move).
    316.1/316.2: a ruler only to a graveyard or its ruler area, a J-ruler only to a ruler area or
    the field; 316.3a / 316.5a: no other card to a ruler area; 316.4: a chant to a magic stone
    deck, the field or a ruler area goes to the graveyard instead (``move_card``)."""
    t = game.card_type(s, T, slot)
    if t == CardType.RULER:
        return z == Zone.GRAVEYARD or z == Zone.RULER_AREA
    if t == CardType.J_RULER:
        return z == Zone.RULER_AREA or z == Zone.FIELD
    return z != Zone.RULER_AREA


@internal_inline  # one caller: inlined into it (engine.jit)
def cease_to_exist(game, s, slot):
    """CR 1017.1a / 1017.3a: a pseudo-card leaving its zone is no more: its slot is free again."""
    zone_take(s, ZT, slot)
    game.forget(s, slot)
    w = slot * CARD_W
    s[CARD + w] = -1
    s[PSEUDO + w] = 0
    s[CONTROLLER + w] = s[OWNER + w]


@internal
def move_card(game, s, T, slot, z):
    """Move ``slot`` to zone ``z`` of its owner (CR 302.5 / 302.6; the field and the chase by its
    controller), on top, applying CR 316; returns whether it moved. What it forgets: CR 302.3. A
    pseudo-card (a rune's copy) ceases to exist instead (CR 1017.3a, 711.3)."""
    pseudo = s[PSEUDO + slot * CARD_W]
    if pseudo == K.PSEUDO_TOKEN:
        if s[ZONE + slot * CARD_W] == Zone.NONE and z == Zone.FIELD:
            zone_put(s, ZT, slot, Zone.FIELD)  # a token being made (Op.MAKE_TOKEN) enters the field
            return True
        # CR 1303.3a: a token moves to that zone (what watches the move sees it: "put into a graveyard from the
        # field"), then ceases to exist
        if move_card_core(game, s, T, slot, z):
            # out of the field it is in no battle (CR 803.5a / 804.4a, battle.still_in_battle): the battle forgets its
            # slot, which a new token may hold next (CR 1029.1 as for a card removed from battle)
            game.remove_from_battle(s, slot)
            cease_to_exist(game, s, slot)
        return False
    if pseudo != 0:
        cease_to_exist(game, s, slot)
        return False
    return move_card_core(game, s, T, slot, z)


@internal
def move_card_core(game, s, T, slot, z):
    """``move_card`` of a card that is no pseudo-card (a token moves so too before it ceases to exist)."""
    t = game.card_type(s, T, slot)
    if t == CardType.CHANT and (z == Zone.STONE_DECK or z == Zone.FIELD or z == Zone.RULER_AREA):
        z = Zone.GRAVEYARD  # CR 316.4
    if not allowed_move(game, s, T, slot, z):
        return False
    w = slot * CARD_W
    if s[MARK + w] != 0 and s[ZONE + w] == Zone.CHASE:
        # CR 1115.2: played from the graveyard by [Remnant] (play.play_from_grave), it would move from the chase
        # area to anywhere else: it is removed from the game instead
        s[MARK + w] = 0
        z = Zone.REMOVED
    elif s[MARK + w] != 0 and s[ZONE + w] == Zone.REMOVED:
        s[MARK + w] = 0  # a cyberbrain counter ([Dive], play.play_dive) goes with the zone change (CR 1022.3)
    if z == Zone.GRAVEYARD and grave_replaced(game, s, T, slot):
        z = Zone.REMOVED  # CR 910.1: a continuous replacement effect (GRAVE_TO_REMOVED)
    ctrl = s[CONTROLLER + w]
    # session 33: a card that lost all its abilities in the field has none that triggers as it leaves it (CR 906.7b:
    # read as it was there, before it forgets the loss, CR 302.3)
    lost = game.abilities_lost(s, T, slot)
    old = zone_take(s, ZT, slot)
    keep = (old == Zone.FIELD and z == Zone.RULER_AREA) or (old == Zone.RULER_AREA and z == Zone.FIELD)
    if not keep:
        game.forget(s, slot)  # CR 302.3
    if z != Zone.FIELD and z != Zone.CHASE and z != Zone.RULER_AREA:
        s[CONTROLLER + w] = s[OWNER + w]  # CR 105.3a: off the field a card is its owner's
    zone_put(s, ZT, slot, z)
    if old == Zone.MAIN_DECK and z == Zone.GRAVEYARD:
        # session 32: "when this card is put into your graveyard from your deck" (Trigger.PUT_INTO_GRAVEYARD_FROM_DECK)
        game.trigger_own(s, T, slot, K.Trigger.PUT_INTO_GRAVEYARD_FROM_DECK, slot)
    if old == Zone.GRAVEYARD and z == Zone.REMOVED:
        # session 32: "when this card in your graveyard is removed from the game" (Trigger.REMOVED_FROM_GRAVEYARD, CR 1004.1)
        game.trigger_own(s, T, slot, K.Trigger.REMOVED_FROM_GRAVEYARD, slot)
    if old == Zone.HAND and z == Zone.GRAVEYARD:
        # session 31: "when this card is put into a / your graveyard from your hand" (Trigger.PUT_INTO_GRAVEYARD_FROM_HAND;
        # its owner controls it there, CR 105.3a)
        game.trigger_own(s, T, slot, K.Trigger.PUT_INTO_GRAVEYARD_FROM_HAND, slot)
    if old == Zone.FIELD and z != Zone.RULER_AREA:
        game.detach_additions(s, T, slot)
        if z == Zone.GRAVEYARD:
            if t == CardType.RESONATOR:
                s[RESONATORS_TO_GRAVE + ctrl] += 1  # this turn's count (state.RESONATORS_TO_GRAVE; a token too)
            # "when this card is put into a graveyard from the field": the ability refers to the card
            # as it was in the field, its controller plays it (CR 906.7b)
            s[CONTROLLER + w] = ctrl
            if not lost:
                game.trigger_own(s, T, slot, K.Trigger.PUT_INTO_GRAVEYARD, slot)
            s[CONTROLLER + w] = s[OWNER + w]
        F = flag_table(T)
        if z == Zone.GRAVEYARD and (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_OTHER_TO_GRAVE) != 0:
            game.other_to_graveyard(s, T, slot, ctrl)  # "whenever a <card> is put into a graveyard from the field"
        if (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_LEAVES_FIELD) != 0 and not lost:  # only in pools with such an ability
            s[CONTROLLER + w] = ctrl  # "when this card leaves the field" (CR 906.7b, as above)
            game.trigger_own(s, T, slot, K.Trigger.LEAVES_FIELD, slot)
            s[CONTROLLER + w] = s[OWNER + w]
    if z != Zone.FIELD and z != Zone.CHASE and z != Zone.REMOVED and \
            (flag_table(T)[flag_table(T).shape[0] - 1, K.FL_MISC] & K.FLAG_INVERSE) != 0:
        # CR 1302.3e: an Inverse card in a zone other than the field, the chase or the removed area is hope side up (a
        # despair side's C_J_SIDE is -2 - its hope side's row); after the triggers above, which read it as it was in the
        # field (CR 906.7b)
        j = card_table(T)[s[CARD + w], C_J_SIDE]
        if j <= -2 and card_table(T)[s[CARD + w], C_TYPE] != CardType.RULER:
            s[CARD + w] = -2 - j
    return True


@internal
def detach_additions(s, T, slot):
    """An addition added to ``slot`` stays in the field added to nothing (CR 1121.4); the rule
    process of CR 1406.4a then puts it into the graveyard."""
    for p in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
        for i in range(s[n_off]):
            o = s[l_off + i]
            if s[ATTACHED + o * CARD_W] == slot:
                s[ATTACHED + o * CARD_W] = -1


@internal
def stones_sharing_name(game, s, T, slot, controller):
    """The magic stones ``controller`` controls, other than ``slot``, that share a name with it (CR 202: either of
    their names, packed in C_NAME; a name gained by an ability counts in the field)."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    a, b = c[K.C_NAME] & K.NAME_MASK, (c[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, controller)
    n = 0
    for i in range(s[n_off]):
        o = s[l_off + i]
        if o == slot or game.card_type(s, T, o) != K.CardType.MAGIC_STONE:
            continue
        d = card_table(T)[s[CARD + o * CARD_W]]
        x, y = d[K.C_NAME] & K.NAME_MASK, (d[K.C_NAME] >> K.NAME_BITS) & K.NAME_MASK
        if x == a or x == b or (y != 0 and (y == a or y == b)):
            n += 1
    return n


@internal
def change_control(game, s, slot, p):
    """Player ``p`` gains control of card ``slot`` in the field (CR 105.3; session 21): it moves to ``p``'s side of the
    field, out of any battle (CR 803.5a, 804.4a), and has not been controlled by ``p`` since the turn began (CR 803.3a,
    905.3: state.ENTERED). The same card (no zone change, CR 302.3): its counters, damage and effects stay."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD or s[CONTROLLER + w] == p or s[zone_offsets(ZT, Zone.FIELD, p)[0]] >= FIELD_CAP:
        return False
    game.remove_from_battle(s, slot)
    zone_take(s, ZT, slot)  # the field lists are the controllers' (state.FIELD_L)
    s[CONTROLLER + w] = p
    zone_put(s, ZT, slot, Zone.FIELD)
    s[ENTERED + w] = s[H_TURN]
    return True


@internal
def enter_field(game, s, T, slot, controller):
    """Put ``slot`` into the field under ``controller``'s control (CR 307.7), recovered (CR
    303.1b), with its [Mana] counters (CR 1122.2b); its [Enter] abilities and the others' "enters"
    abilities trigger (CR 1140.2). Returns whether it entered: a chant goes to the graveyard instead (CR
    316.4), a ruler does not move (CR 316.1; move_card)."""
    w = slot * CARD_W
    s[CONTROLLER + w] = controller
    was = s[ZONE + w]
    if was == Zone.CHASE:
        zone_take(s, ZT, slot)  # the chase list is the controller's: take it before the controller changes
        game.forget(s, slot)
        zone_put(s, ZT, slot, Zone.FIELD)
    else:
        game.move_card(s, T, slot, Zone.FIELD)
        if s[ZONE + w] != Zone.FIELD:
            s[CONTROLLER + w] = s[OWNER + w]  # off the field a card is its owner's (CR 105.3a)
            return False
    enters_with_counters(s, T, slot)  # CR 1122.2b, 1022.6
    c = card_table(T)[s[CARD + w]]
    bits = c[K.C_TYPE_BITS]
    if (bits & K.TB_ENTERS_RESTED) != 0:
        s[RESTED + w] = 1  # "This card enters the field rested."
    elif (bits & K.TB_ENTERS_RESTED_SHARED) != 0 and stones_sharing_name(game, s, T, slot, controller) >= 2:
        s[RESTED + w] = 1  # "If you already control two or more magic stones that share a name with this card, ..."
    elif c[K.C_TYPE] == K.CardType.MAGIC_STONE and (c[K.C_PLAY_COND] != 0 or c[K.UNLESS_LIFE_COL] != 0 or
                                                    c[K.UNLESS_REVEAL_COL] != 0) and \
            (c[K.C_PLAY_COND] == 0 or game.condition_holds(s, T, c[K.C_PLAY_COND], c[K.C_PLAY_COND_ARG], controller, slot)):
        if c[K.UNLESS_LIFE_COL] != 0 or c[K.UNLESS_REVEAL_COL] != 0:
            # session 34 (s34b): "... enters your field rested unless you pay N life" / "As this card enters ..., you may
            # reveal a <card> from your hand. If you don't, ... rested.": its controller chooses as it enters (CR 910.1:
            # one replacement of the entering, the player's choice). Marked here, asked before anything else happens
            # (turn.advance: priority.ask_enter_unless; a program stops after this instruction, effects.interrupt_due):
            # declined, it is rested as it was put there (no "becomes rested" event)
            s[MARK + w] = K.MARK_ENTER_UNLESS
            s[DEC_ARG + K.DEC_ASK] = K.ASK_ENTER_PENDING
        else:
            s[RESTED + w] = 1  # "If <condition>, this card enters your field rested." (cards.FowCard.enters_rested_if)
    F = flag_table(T)
    if s[RESTED + w] == 0 and (F[F.shape[0] - 1, K.FL_MISC] & K.FLAG_ENTER_RESTED) != 0 and \
            game.enter_rested_by_ability(s, T, slot):
        s[RESTED + w] = 1  # session 32: "<cards> enter the field rested." of another card (CR 904)
    s[ENTERED + w] = s[H_TURN]
    game.trigger_own(s, T, slot, K.Trigger.ENTER, slot)
    if was == Zone.GRAVEYARD:  # session 32: "when this card enters the field from a graveyard" (CR 307.7)
        game.trigger_own(s, T, slot, K.Trigger.ENTER_FROM_GRAVEYARD, slot)
    elif was == Zone.MAIN_DECK:  # "... from your deck" (CR 304: its owner's main deck)
        game.trigger_own(s, T, slot, K.Trigger.ENTER_FROM_MAIN_DECK, slot)
    game.trigger_all(s, T, K.Trigger.OTHER_ENTERS, slot)
    return True


@internal
def draw_one(s, p):
    """CR 1009.1: the top card of the main deck into the hand; False when the deck is empty."""
    n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, p)
    n = s[n_off]
    if n == 0:
        return False
    zone_move(s, ZT, s[l_off + n - 1], Zone.HAND)
    return True


@internal
def draw_cards(game, s, player, n):
    """CR 1009.2; an effect's draw from a short deck draws what it can (CR 104.2): only the draw
    phase's draw loses (CR 1202.2)."""
    for _ in range(n):
        if not game.draw_one(s, player):
            return


@internal_inline  # one caller: inlined into it (engine.jit)
def draw_phase_draw(game, s, p):
    """CR 502.3 with 1202.2: a player who must draw from an empty main deck loses (by rule process)."""
    if not game.draw_one(s, p):
        s[DREW_FROM_EMPTY + p] = 1


@internal
def hand_count(s, player):
    return s[HAND_N + player]


@internal
def hand_slot(s, p, i):
    _, l_off = zone_offsets(ZT, Zone.HAND, p)
    return s[l_off + i]


@internal
def discard_hand_index(s, player, i):
    """CR 1019.1: hand card ``i`` into its owner's graveyard."""
    zone_move(s, ZT, s[HAND_L + player * K.PLAYER_SLOTS + i], Zone.GRAVEYARD)


@internal
def discard_to_graveyard(game, s, T, player, i):
    """CR 1019.1: hand card ``i`` of ``player`` is discarded into its owner's graveyard, or removed from the game instead
    by a continuous "if a card would be put into <a> graveyard from anywhere" (CR 910.1, GRAVE_TO_REMOVED; session 24).
    The player's discards (an effect's chosen discard, a cost) and, session 32, a discard at random (Op.PLAYER_DISCARD:
    the card compiler writes every discard at random so; the core's DISCARD hook ``discard_hand_index`` has no tables)."""
    slot = s[HAND_L + player * K.PLAYER_SLOTS + i]
    z = Zone.REMOVED if grave_replaced(game, s, T, slot) else Zone.GRAVEYARD
    zone_move(s, ZT, slot, z)
    if z == Zone.GRAVEYARD:
        # session 31: "when this card is put into a / your graveyard from your hand" (session 32: a discard at random too)
        game.trigger_own(s, T, slot, K.Trigger.PUT_INTO_GRAVEYARD_FROM_HAND, slot)


@internal
def to_graveyard(game, s, T, slot):
    w = slot * CARD_W
    if s[ZONE + w] == Zone.MAIN_DECK and deck_grave_to_field(s, T, slot):
        # session 32: "If this card would be put into your graveyard from your deck, put it into the field instead." (CR
        # 910.1): into the field under its owner's control (CR 307.7), as it enters it any other way
        return game.enter_field(s, T, slot, s[OWNER + w])
    return game.move_card(s, T, slot, Zone.GRAVEYARD)


@internal
def enter_rested_by_ability(game, s, T, slot):
    """Session 32: does a continuous ability "<cards> enter the field rested." (Op.ENTER_RESTED) in force, of a card
    other than ``slot`` (CR 902.1: in a field or a ruler area), its condition holding, match ``slot`` as it enters the
    field (its filter seen from that ability's controller)?"""
    abil = ability_table(T)
    code = code_table(T)
    for p in range(2):
        k, src, r = game.next_continuous(s, T, p, -1, 0, -1)
        while k >= 0:
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                if code[q, I_OP] == K.Op.ENTER_RESTED and src != slot and \
                        game.filter_base(s, T, code[q, I_A1], slot, p, src) and \
                        game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, src):
                    return True
            k, src, r = game.next_continuous(s, T, p, -1, k, r + 1)
    return False


@internal_inline
def deck_grave_to_field(s, T, slot):
    """Has card ``slot`` the continuous ability "If this card would be put into your graveyard from your deck, put it
    into the field instead." (Op.DECK_GRAVE_TO_FIELD, session 32)? Read for a card of a main deck only."""
    c = card_table(T)[s[CARD + slot * CARD_W]]
    if c[K.C_HAS_CONT] == 0:
        return False
    abil = ability_table(T)
    code = code_table(T)
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        if abil[r, K.A_KIND] == K.AbilityKind.CONTINUOUS:
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                if code[q, I_OP] == K.Op.DECK_GRAVE_TO_FIELD:
                    return True
    return False


@internal
def destroy(game, s, T, slot):
    """CR 1010: a card in the field into its owner's graveyard; a J-ruler to its owner's ruler
    area, ruler side up (1010.1), with an astral counter unless [Imperishable] (1010.1a, 1108.2);
    [Eternal] cards are not destroyed (1139.2, 1010.3). Returns whether it was destroyed."""
    w = slot * CARD_W
    if s[ZONE + w] != Zone.FIELD:
        return False
    if game.has_keyword(s, T, slot, K.KW_ETERNAL):
        return False
    if destroy_replaced(game, s, T, slot):
        return False  # CR 910.1: the destruction never happens
    cid = s[CARD + w]
    c = card_table(T)[cid]
    if c[C_TYPE] == CardType.J_RULER:
        p = s[OWNER + w]
        if (game.keywords_of(s, T, slot) & K.KW_IMPERISHABLE) == 0:
            s[ASTRAL + p] = 1
        zone_take(s, ZT, slot)
        s[DAMAGE + w] = 0  # CR 1007.7; the same card keeps its orientation and counters (CR 302.3, 1022.3)
        game.detach_additions(s, T, slot)
        s[CARD + w] = c[C_J_SIDE]  # ruler side up
        s[CONTROLLER + w] = p
        zone_put(s, ZT, slot, Zone.RULER_AREA)
        game.trigger_own(s, T, slot, K.Trigger.DESTROYED, slot)
        return True
    ctrl = s[CONTROLLER + w]
    lost = game.abilities_lost(s, T, slot)  # session 33: as it was in the field (CR 906.7b, move_card_core)
    game.to_graveyard(s, T, slot)
    if s[CARD + w] < 0 or lost:
        return True  # a token: it ceased to exist (CR 1303.3a); it had no ability of its own
    # CR 906.7b: the ability refers to the card as it was in the field; its controller plays it
    s[CONTROLLER + w] = ctrl
    game.trigger_own(s, T, slot, K.Trigger.DESTROYED, slot)
    s[CONTROLLER + w] = s[OWNER + w]
    return True


@internal
def put_stone_deck_top(s, p):
    """The top card of ``p``'s magic stone deck, -1 when empty (CR 305.3)."""
    n_off, l_off = zone_offsets(ZT, Zone.STONE_DECK, p)
    if s[n_off] == 0:
        return -1
    return s[l_off + s[n_off] - 1]


@internal
def to_deck_bottom(game, s, slot):
    """A card to the bottom of its owner's main deck (CR 403.5)."""
    zone_take(s, ZT, slot)
    game.forget(s, slot)
    n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, s[OWNER + slot * CARD_W])
    zone_push_bottom(s, n_off, l_off, slot)
    s[ZONE + slot * CARD_W] = Zone.MAIN_DECK


@internal
def chant_resolved(game, s, T, slot, dest):
    """CR 703.3: a chant that has resolved goes to its owner's graveyard, or where its text said it goes instead
    (session 27, Op.CHANT_TO's K.ChantTo ``dest``): its owner's hand, main deck (shuffled, on top, on the bottom) or
    removed area (a [Remnant] chant is removed from the game whatever it says, CR 1115.2: move_card_core)."""
    if dest == K.ChantTo.GRAVEYARD:
        game.to_graveyard(s, T, slot)
    elif dest == K.ChantTo.HAND:
        game.move_card(s, T, slot, Zone.HAND)
    elif dest == K.ChantTo.REMOVED:
        game.move_card(s, T, slot, Zone.REMOVED)
    elif game.move_card(s, T, slot, Zone.MAIN_DECK):  # on top (CR 302.5)
        if dest == K.ChantTo.DECK_BOTTOM:
            game.to_deck_bottom(s, slot)  # CR 403.5
        elif dest == K.ChantTo.DECK_SHUFFLED:
            n_off, l_off = zone_offsets(ZT, Zone.MAIN_DECK, s[OWNER + slot * CARD_W])
            shuffle_run_with(s, s, l_off, s[n_off])  # CR 1021


@internal_inline  # one caller: inlined into it (engine.jit)
def put_in_standby(s, slot, turn):
    """CR 706.2: face down into its owner's standby area."""
    zone_move(s, ZT, slot, Zone.STANDBY)
    s[STANDBY_TURN + slot * CARD_W] = turn
