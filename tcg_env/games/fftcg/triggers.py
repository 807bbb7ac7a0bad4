"""FF-TCG rules kernels: auto-abilities that trigger (CR 11.8).

A triggered auto-ability waits in its controller's pending list (the engine core's,
:mod:`tcg_env.engine.triggers`) until the next time a player would receive priority, when it is
put on the stack (``stack.priority_point``, CR 11.8.7).
"""

from tcg_env.engine.tables import ability_table, card_table
from tcg_env.engine.jit import internal
from tcg_env.engine.triggers import pending_add
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import FIELD_SLOTS
from tcg_env.games.fftcg.state import CARD, CARD_W, FIELD_L, FIELD_N


# =============================================================================================
# Triggers (CR 11.8)
# =============================================================================================
@internal
def trigger_card(game, s, T, slot, controller, trig, aux):
    """Queue ``slot``'s auto-abilities with trigger ``trig`` (conditions checked now, CR 11.8.13)."""
    cards = card_table(T)
    abil = ability_table(T)
    cid = s[CARD + slot * CARD_W]
    a0 = cards[cid, K.C_ABIL_START]
    for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
        if abil[a, K.A_KIND] == K.AbilityKind.AUTO and abil[a, K.A_TRIGGER] == trig:
            if game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], controller, slot):
                pending_add(game, s, controller, slot, a, aux)  # dropped at capacity (documented)


@internal
def trigger_field(game, s, T, player, trig, aux):
    """Queue the auto-abilities with trigger ``trig`` of every card ``player`` controls."""
    for i in range(s[FIELD_N + player]):
        slot = s[FIELD_L + player * FIELD_SLOTS + i]
        game.trigger_card(s, T, slot, player, trig, aux)


@internal
def trigger_enters(game, s, T, slot, player):
    """CR 11.8.16.2.1: after a card enters, every card on the field is checked."""
    cards = card_table(T)
    abil = ability_table(T)
    game.trigger_card(s, T, slot, player, K.Trigger.ENTERS_SELF, slot)
    for i in range(s[FIELD_N + player]):
        other = s[FIELD_L + player * FIELD_SLOTS + i]
        if other == slot:
            continue
        cid = s[CARD + other * CARD_W]
        a0 = cards[cid, K.C_ABIL_START]
        for a in range(a0, a0 + cards[cid, K.C_ABIL_COUNT]):
            if abil[a, K.A_KIND] == K.AbilityKind.AUTO and abil[a, K.A_TRIGGER] == K.Trigger.ENTERS_OTHER:
                fr = abil[a, K.A_TRIG_FILTER]
                if fr >= 0 and not game.filter_match(s, T, fr, slot, player, other):
                    continue
                if game.condition_holds(s, T, abil[a, K.A_COND], abil[a, K.A_COND_ARG], player, other):
                    pending_add(game, s, player, other, a, slot)
