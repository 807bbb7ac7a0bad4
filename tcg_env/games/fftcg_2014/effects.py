"""FF-TCG 2014 rules kernels: damage resolution (2014 CR 6.5) and the opcodes of this variant's
keywords (Level UP 15.2.4 and Assist 15.2.6: the source to the Break Zone; Remove 15.2.12); every
other opcode is FF-TCG's (``tcg_env.games.fftcg.effects.exec_op``: Level UP's and Awakening's search
is its SEARCH of a card of the source's name, onto the field, dull for Level UP)."""

from tcg_env.engine.decisions import set_decision
from tcg_env.engine.effects import NEXT
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.zones import zone_pop_top
from tcg_env.games.fftcg.effects import exec_op as base_exec_op
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import MAX_DECK
from tcg_env.games.fftcg_2014.state import (CARD, CARD_W, DAMAGED_EMPTY, DEC_ARG, DECK_L, DECK_N, E_ABIL, E_SLOT,
                                            FR_LEFT, FR_PC, FR_PLAYER, ZONE)


@internal
def resolve_damage(game, s, T, base):
    """2014 CR 6.5: one card per point from the top of the deck to the Damage Zone (6.5.2), an EX
    Burst resolved before the next card (6.5.2.1, 11.11.2). The 7th card ends nothing here: the rule
    process does when a player would next receive priority (7.13.2, 12.4.1), so its EX Burst is
    still offered. With no card left to put there the damage stops, and the player loses by the
    rule process of 12.4.3 (3.1.3)."""
    cards = card_table(T)
    player = s[base + FR_PLAYER]
    while s[base + FR_LEFT] > 0:
        s[base + FR_LEFT] -= 1
        slot = zone_pop_top(s, DECK_N + player, DECK_L + player * MAX_DECK)
        if slot < 0:
            s[DAMAGED_EMPTY + player] = 1
            s[base + FR_LEFT] = 0
            return True
        s[ZONE + slot * CARD_W] = K.Zone.NONE
        game.put_in_zone(s, slot, K.Zone.DAMAGE)
        cid = s[CARD + slot * CARD_W]
        if cards[cid, K.C_EX_BURST] != 0 and cards[cid, K.C_EX_ABIL] >= 0:
            s[DEC_ARG] = slot
            set_decision(s, K.Decision.EX_BURST, player)
            return False
    return True


@internal
def exec_op(game, s, T, f, op, reg, a0, a1, a2):
    src = s[f + E_SLOT]
    if op == K.Op.SOURCE_TO_BREAK_ZONE or op == K.Op.RETURN_SOURCE_TO_HAND:
        if s[ZONE + src * CARD_W] != K.Zone.FIELD:
            # it left the field: it cannot be put there, and the rest does nothing (15.2.4.3, 15.2.6.5)
            s[f + FR_PC] = ability_table(T)[s[f + E_ABIL], K.A_CODE_LEN] - 1
        else:
            game.leave_field(s, T, src, K.Zone.BREAK if op == K.Op.SOURCE_TO_BREAK_ZONE else K.Zone.HAND, False)
        return NEXT
    return base_exec_op(game, s, T, f, op, reg, a0, a1, a2)

