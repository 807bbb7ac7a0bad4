"""Force of Will rules kernels: the replacement and prevention effects made by one-time effects
(CR 910, 1018), kept in the shield table of the row (``state.SHIELDS``).

"Prevent the next 500 damage that would be dealt to target resonator this turn" and "this turn,
the next time target resonator would be destroyed, instead rest it" are one-time effects (CR 908)
that leave a replacement effect behind (CR 910.1): an entry of the shield table, until the end of
the turn (CR 505.5b), until it is used up, or, for one on a card, until that card leaves the field
(CR 302.3: it is a new card). The continuous replacement effects of cards in the field (abilities
with REPLACE_DESTROY / GRAVE_TO_REMOVED) are read where the replaced event happens (``zones``).

CR 910.2 / 910.2a: when several replacement effects apply to one event, the affected player (for
damage: the controller of the card dealt damage, or the player) chooses which applies first.
Simplified (rules coverage): the choice is made for them, in the order most favourable to them:
a "prevent all" first, then the amounts in the order they were made; a destruction shield of a
one-time effect before a continuous replacement (the card stays in the field either way).
"""

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.games.force_of_will.constants import SHIELD_MAX, Shield
from tcg_env.games.force_of_will.state import SH_AMOUNT, SH_KIND, SH_PLAYER, SH_SLOT, SHIELD_N, SHIELD_W, SHIELDS


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
        if s[game.shield_at(i) + SH_SLOT] == slot:
            game.remove_shield(s, i)
        else:
            i += 1


@internal_inline  # one caller: inlined into it (engine.jit)
def shields_end_of_turn(game, s):
    """CR 505.5b: every entry lasts "this turn"."""
    while s[SHIELD_N] > 0:
        game.remove_shield(s, s[SHIELD_N] - 1)


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
    simplified, the module docstring)."""
    n = s[SHIELD_N]
    if n == 0 or amount <= 0:
        return amount
    for i in range(n):
        e = game.shield_at(i)
        if game.protects(s, e, Shield.PREVENT, slot, player) and s[e + SH_AMOUNT] == 0:
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
