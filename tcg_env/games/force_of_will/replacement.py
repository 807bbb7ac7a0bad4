"""Force of Will rules kernels: replacement and prevention effects (CR 910, 1018), those made by
one-time effects, kept in the shield table of the row (``state.SHIELDS``), and those of the
continuous abilities of cards in the field.

"Prevent the next 500 damage that would be dealt to target resonator this turn" and "this turn,
the next time target resonator would be destroyed, instead rest it" are one-time effects (CR 908)
that leave a replacement effect behind (CR 910.1): an entry of the shield table, until the end of
the turn (CR 505.5b), until it is used up, or, for one on a card, until that card leaves the field
(CR 302.3: it is a new card). The continuous replacement effects of cards in the field (abilities
with REPLACE_DESTROY / GRAVE_TO_REMOVED) are read where the replaced event happens
(``replacement_source``, from ``zones.move_card`` and ``zones.destroy``).

CR 910.2 / 910.2a: when several replacement effects apply to one event, the affected player (for
damage: the controller of the card dealt damage, or the player) chooses which applies first.
Simplified (rules coverage): the choice is made for them, in the order most favourable to them:
a "prevent all" first, then the amounts in the order they were made; a destruction shield of a
one-time effect before a continuous replacement (the card stays in the field either way).
"""

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.effects import I_A0, I_A1, I_A2, I_OP
from tcg_env.engine.tables import ability_table, card_table, code_table
from tcg_env.engine.triggers import pending_add  # delayed automatic abilities (session 27)
from tcg_env.engine.zones import zone_offsets
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import SHIELD_MAX, Shield, Zone
from tcg_env.games.force_of_will.state import (
    ATTACHED, CARD, CARD_W, CONTROLLER, DAMAGE, OWNER, SHIELDS, SHIELD_N, SHIELD_W, SH_AMOUNT, SH_KIND, SH_PLAYER,
    SH_SLOT, TURN_PLAYER, ZT, SH_CTRL
)


# =============================================================================================
# The shield table: replacement and prevention effects of one-time effects (CR 910.1, 1018)
# =============================================================================================
@internal
def shield_at(i):
    return SHIELDS + i * SHIELD_W


@internal
def add_shield(game, s, kind, slot, player, amount, ctrl, source_card):
    """A new entry; at the table's capacity the effect is lost (documented). Returns whether it
    was added."""
    n = s[SHIELD_N]
    if n >= SHIELD_MAX:
        return False
    # SH_KIND .. SH_SOURCE, in order; "+ 0" makes them one integer type (numba indexes a tuple of
    # one type only; an IntEnum member or an int32 is its own type)
    record = (kind + 0, slot + 0, player + 0, amount + 0, ctrl + 0, source_card + 0)
    for k in range(SHIELD_W):
        s[game.shield_at(n) + k] = record[k]
    s[SHIELD_N] = n + 1
    return True


@internal
def remove_shield(game, s, i):
    """Entry ``i`` ends; the later ones move up, keeping their order."""
    n = s[SHIELD_N]
    for k in range(game.shield_at(i), game.shield_at(n - 1)):
        s[k] = s[k + SHIELD_W]
    for k in range(SHIELD_W):
        s[game.shield_at(n - 1) + k] = 0
    s[SHIELD_N] = n - 1


@internal_inline  # one caller: inlined into it (engine.jit)
def shields_end_on(game, s, slot):
    """CR 302.3: a card that leaves the field is a new card: the entries protecting it end."""
    i = 0
    while i < s[SHIELD_N]:
        e = game.shield_at(i)
        if s[e + SH_SLOT] == slot or ((s[e + SH_KIND] == Shield.NO_RECOVER or s[e + SH_KIND] == Shield.NO_ABILITIES) and
                                      s[e + SH_AMOUNT] == slot):
            game.remove_shield(s, i)  # a NO_RECOVER entry also ends as its source leaves the field
        else:
            i += 1


@internal_inline  # one caller: inlined into it (engine.jit)
def shields_end_of_turn(game, s):
    """CR 505.5b: every entry lasts "this turn" but NO_RECOVER's (as long as its source is in the field)."""
    i = s[SHIELD_N] - 1
    while i >= 0:
        e = game.shield_at(i)
        if s[e + SH_KIND] != Shield.NO_RECOVER and s[e + SH_KIND] != Shield.DELAYED_END and \
                s[e + SH_KIND] != Shield.NO_ABILITIES and \
                not (s[e + SH_KIND] == Shield.PREVENT_FROM and s[e + SH_AMOUNT] == -2):
            # (the next end of turn's; as long as its source is in the field; session 34: the next damage of a card,
            # until it is used or the card leaves the field)
            if s[e + SH_KIND] == Shield.CONTROL:  # "gain control of ... until end of turn" ends (session 21)
                game.change_control(s, s[e + SH_SLOT], s[e + SH_PLAYER])
            game.remove_shield(s, i)
        i -= 1


@internal
def delayed_end_triggers(game, s, T):
    """CR 505.3 / 906.8: "at the end of turn": the delayed automatic abilities made before it (Op.DELAYED, the entries
    Shield.DELAYED_END) trigger, once (906.8a): their controllers play them at the next priority sequence (CR 906.5),
    the card each is about as the trigger's card (its pending entry's aux)."""
    i = 0
    while i < s[SHIELD_N]:
        e = game.shield_at(i)
        if s[e + SH_KIND] == Shield.DELAYED_END:
            pending_add(game, s, s[e + SH_CTRL], s[e + SH_PLAYER], s[e + SH_AMOUNT], s[e + SH_SLOT])
            game.remove_shield(s, i)
        else:
            i += 1


@internal
def protects(s, e, kind, slot, player):
    if s[e + SH_KIND] != kind:
        return False
    if slot >= 0:
        return s[e + SH_SLOT] == slot
    return s[e + SH_SLOT] < 0 and s[e + SH_PLAYER] == player


@internal
def prevent_damage(game, s, slot, player, amount):
    """CR 1018.1 / 910.3: the damage left after the prevention effects on card ``slot`` (or, with
    ``slot`` -1, on ``player``): a "prevent all" prevents it all (1018.1b); the amounts reduce it
    one after the other (1018.1a), each used up by what it prevented (in the order made: 910.2a
    simplified, the module docstring); a "next damage" shield (amount -1) prevents all of one damage, once."""
    n = s[SHIELD_N]
    if n == 0 or amount <= 0:
        return amount
    for i in range(n):
        e = game.shield_at(i)
        if game.protects(s, e, Shield.PREVENT, slot, player) and s[e + SH_AMOUNT] == 0:
            return 0
    for i in range(n):
        e = game.shield_at(i)
        if game.protects(s, e, Shield.PREVENT, slot, player) and s[e + SH_AMOUNT] < 0:
            # "prevent the next damage" (amount -1): this damage, all of it; used up. Chosen for the holder before the
            # amounts (CR 910.2a: its choice; the amounts stay for later damage)
            game.remove_shield(s, i)
            return 0
    i = 0
    while i < s[SHIELD_N] and amount > 0:
        e = game.shield_at(i)
        if game.protects(s, e, Shield.PREVENT, slot, player):
            used = min(amount, s[e + SH_AMOUNT])
            amount -= used
            s[e + SH_AMOUNT] -= used
            if s[e + SH_AMOUNT] == 0:
                game.remove_shield(s, i)  # used up ("the next N damage")
                continue
        i += 1
    return amount


@internal_inline  # one caller: inlined into it (engine.jit)
def take_destroy_shield(game, s, slot):
    """The INSTEAD_* bits of the oldest destruction shield on ``slot``, which is used up (CR 910.3:
    applied once); -1 when none protects it."""
    for i in range(s[SHIELD_N]):
        e = game.shield_at(i)
        if game.protects(s, e, Shield.DESTROY, slot, -1):
            bits = s[e + SH_AMOUNT]
            game.remove_shield(s, i)
            return bits
    return -1


# =============================================================================================
# Replacement effects of continuous abilities (CR 910): read where the replaced event happens
# =============================================================================================
@internal_inline  # one caller: inlined into it (engine.jit)
def replacement_of(game, s, T, src, op, slot):
    """The a0 of card ``src``'s active continuous ``op`` instruction that applies to card ``slot``
    (its filter as ``src``'s controller sees it, or a1 = -1: the card the addition is added to);
    -1 when none does."""
    c = card_table(T)[s[CARD + src * CARD_W]]
    if c[K.C_HAS_CONT] == 0 or game.abilities_lost(s, T, src):  # session 33: none in force when lost (CR 909.1d)
        return -1
    abil = ability_table(T)
    code = code_table(T)
    p = s[CONTROLLER + src * CARD_W]
    for r in range(c[K.C_ABIL_START], c[K.C_ABIL_START] + c[K.C_ABIL_COUNT]):
        if abil[r, K.A_KIND] == K.AbilityKind.CONTINUOUS and game.condition_holds(s, T, abil[r, K.A_COND],
                                                                             abil[r, K.A_COND_ARG], p, src):
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                frow = code[q, I_A1]
                if code[q, I_OP] == op and ((s[ATTACHED + src * CARD_W] == slot) if frow < 0
                                            else game.filter_base(s, T, frow, slot, p, src)):
                    owner = code[q, I_A2]  # GRAVE_TO_REMOVED: whose graveyard (K.GraveOwner; other ops: 0)
                    if owner == 0 or (s[OWNER + slot * CARD_W] == p) == (owner == K.GraveOwner.YOU):
                        return code[q, I_A0]
    return -1


@internal
def replacement_source(game, s, T, op, slot):
    """The first card in the field (the turn player's first) with a continuous replacement ``op``
    that applies to card ``slot``: (its slot, the instruction's a0), (-1, 0) when none (CR 910)."""
    for k in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, s[TURN_PLAYER] if k == 0 else 1 - s[TURN_PLAYER])
        for i in range(s[n_off]):
            a0 = replacement_of(game, s, T, s[l_off + i], op, slot)
            if a0 >= 0:
                return s[l_off + i], a0
    return -1, 0


@internal
def damage_from_prevented(game, s, src):
    """CR 1018.1b: is all damage card ``src`` would deal prevented ("prevent all damage that would be dealt by target
    resonator this turn": a PREVENT_FROM entry on it, which ends as it leaves the field, CR 302.3)?"""
    if src < 0:
        return False
    for i in range(s[SHIELD_N]):
        e = game.shield_at(i)
        if s[e + SH_KIND] == Shield.PREVENT_FROM and s[e + SH_SLOT] == src and s[e + SH_AMOUNT] == 0:
            return True
    # session 34 (s34a): "prevent the next damage that would be dealt by <target> [this turn]" (SH_AMOUNT -1 this turn, -2
    # until used): this damage, all of it (CR 1018.1b); used up
    for i in range(s[SHIELD_N]):
        e = game.shield_at(i)
        if s[e + SH_KIND] == Shield.PREVENT_FROM and s[e + SH_SLOT] == src:
            game.remove_shield(s, i)
            return True
    return False


@internal
def continuous_prevention(game, s, T, src, slot, amount):
    """CR 1018 / 910: the damage left of ``amount`` that card ``src`` (-1: none) would deal to card ``slot`` after the prevention
    effects: the continuous abilities' PREVENT_DAMAGE in force (of the cards in the fields and the ruler areas, CR
    902.1; a0 = 0: all of it; a0 < 0: -a0 of it; a0 > 0: all of it when it is a0 or less) and the shield table's
    (``prevent_damage``). CR 910.2a: the
    controller of the card dealt damage chooses the order; chosen for them, the most favourable (the module
    docstring): a "prevent all" first, then an "N or less" on the whole damage (the shields are kept), else the
    shields and the amounts, then an "N or less" on what is left (910.2: it applies to the changed event)."""
    code = code_table(T)
    abil = ability_table(T)
    upto = -1  # the largest "N or less"
    less = 0  # the amounts "prevent N of it"
    for p in range(2):  # the continuous abilities in force of p's cards (characteristics.next_continuous)
        k, card, r = game.next_continuous(s, T, p, -1, 0, -1)
        while k >= 0:
            for q in range(abil[r, K.A_CODE_START], abil[r, K.A_CODE_START] + abil[r, K.A_CODE_LEN]):
                if code[q, I_OP] != K.Op.PREVENT_DAMAGE or not game.filter_base(s, T, code[q, I_A1], slot, p, card):
                    continue
                if code[q, I_A2] > 0 and (src < 0 or not game.filter_base(s, T, code[q, I_A2] - 1, src, p, card)):
                    continue  # "... dealt by <cards>" (CR 1018.1b): not the damage of that source
                if not game.condition_holds(s, T, abil[r, K.A_COND], abil[r, K.A_COND_ARG], p, card):
                    continue
                a0 = code[q, I_A0]
                if a0 == 0:
                    return 0  # CR 1018.1b
                if a0 > 0:
                    upto = max(upto, a0)
                else:
                    less -= a0
            k, card, r = game.next_continuous(s, T, p, -1, k, r + 1)
    if amount <= upto:
        return 0
    amount = game.prevent_damage(s, slot, -1, amount) - less  # CR 1018.1a
    if amount <= upto:
        return 0
    return max(amount, 0)


@internal_inline  # two callers (zones.move_card_core, zones.discard_to_graveyard): inlined into them (engine.jit)
def grave_replaced(game, s, T, slot):
    """CR 910.1: "if <a card> would be put into a graveyard (from the filter's zone), remove it
    from the game instead" (GRAVE_TO_REMOVED) applies to ``slot``."""
    return game.replacement_source(s, T, K.Op.GRAVE_TO_REMOVED, slot)[0] >= 0


@internal_inline  # one caller: inlined into it (engine.jit)
def destroy_replaced(game, s, T, slot):
    """CR 910: is the destruction of ``slot`` replaced? A destruction shield of a one-time effect
    (SHIELD_DESTROY, used up), else a continuous REPLACE_DESTROY (its source goes to the graveyard,
    so it applies once: 910.3); 910.2's choice made canonically (replacement.py). What happens
    instead: INSTEAD_* bits."""
    src = -1
    bits = take_destroy_shield(game, s, slot)
    if bits < 0:
        src, bits = game.replacement_source(s, T, K.Op.REPLACE_DESTROY, slot)
        if src < 0:
            return False
    w = slot * CARD_W
    if bits & K.INSTEAD_REST:
        game.becomes_rested(s, T, slot)
    if bits & K.INSTEAD_HEAL:
        s[DAMAGE + w] = 0  # CR 1007.6b
    if src >= 0 and bits & K.INSTEAD_SOURCE_TO_GRAVEYARD:
        game.to_graveyard(s, T, src)
    return True
