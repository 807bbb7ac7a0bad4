"""FF-TCG 2014 rules kernels: moving cards (2014 CR 7), FF-TCG's (``tcg_env.games.fftcg.zones``)
with the words this variant keeps per card.

A card that enters the field is a new card (2014 CR 7.4): it equips nothing, is not Junctioned and
has no Overdrive unless it is the card being played with them (``state.PLAY_SLOT``); a Formation
played sends the one already there back to the hand (2014 CR 11.5.9). A character that leaves the
field leaves its Items unequipped (the rule process of 2014 CR 12.4.8 puts them into the Break
Zone). A draw from an empty deck loses through a rule process (2014 CR 12.4.2), not at once.
"""

from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import zone_pop_top
from tcg_env.games.fftcg.zones import enter_field as base_enter_field
from tcg_env.games.fftcg.zones import leave_field as base_leave_field
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import FIELD_SLOTS, MAX_DECK
from tcg_env.games.fftcg_2014.state import (CARD, CARD_W, CONTROLLER, DECK_L, DECK_N, DREW_FROM_EMPTY, EQUIPS, FIELD_L,
                                            FIELD_N, JUNCTIONED, OVERDRIVEN, PLAY_OVERDRIVE, PLAY_SLOT, PLAY_TARGET,
                                            X_W, ZONE)


@internal
def is_item(ctype):
    return ctype == K.CardType.WEAPON or ctype == K.CardType.ARMOR or ctype == K.CardType.ACCESSORY


@internal
def is_character(ctype):
    return ctype == K.CardType.FORWARD or ctype == K.CardType.BACKUP or ctype == K.CardType.MONSTER


@internal
def enter_field(game, s, T, slot, player):
    ctype = card_table(T)[s[CARD + slot * CARD_W], K.C_TYPE]
    played = s[PLAY_SLOT] == slot + 1
    s[EQUIPS + slot * X_W] = s[PLAY_TARGET] if played and is_item(ctype) else 0  # 2014 CR 11.4.7
    s[JUNCTIONED + slot * X_W] = 0
    s[OVERDRIVEN + slot * X_W] = s[PLAY_OVERDRIVE] if played else 0  # 2014 CR 15.2.9.3
    if played:
        s[PLAY_SLOT] = 0
        if ctype == K.CardType.FORMATION:  # 2014 CR 7.12.1.4, 11.5.9
            for i in range(s[FIELD_N + player] - 1, -1, -1):
                other = s[FIELD_L + player * FIELD_SLOTS + i]
                if card_table(T)[s[CARD + other * CARD_W], K.C_TYPE] == K.CardType.FORMATION:
                    base_leave_field(game, s, T, other, K.Zone.HAND, False)
    base_enter_field(game, s, T, slot, player)


@internal
def leave_field(game, s, T, slot, dest, is_break):
    p = s[CONTROLLER + slot * CARD_W]
    for i in range(s[FIELD_N + p]):  # its Items equip nothing now (2014 CR 12.4.8)
        other = s[FIELD_L + p * FIELD_SLOTS + i]
        if s[EQUIPS + other * X_W] == slot + 1:
            s[EQUIPS + other * X_W] = 0
    s[EQUIPS + slot * X_W] = 0
    s[JUNCTIONED + slot * X_W] = 0
    s[OVERDRIVEN + slot * X_W] = 0
    base_leave_field(game, s, T, slot, dest, is_break)


@internal
def draw_cards(game, s, player, n):
    """2014 CR 9.3.1.1; a draw from an empty deck marks the player, who loses by the rule process of
    2014 CR 12.4.2 (3.1.2) when a player would next receive priority."""
    for _ in range(n):
        slot = zone_pop_top(s, DECK_N + player, DECK_L + player * MAX_DECK)
        if slot < 0:
            s[DREW_FROM_EMPTY + player] = 1
            return
        s[ZONE + slot * CARD_W] = K.Zone.NONE
        game.put_in_zone(s, slot, K.Zone.HAND)
