"""Force of Will rules kernels: the automatic abilities of keyword skills, [Explode] (CR 1105),
[Drain] (CR 1135) and [Bane] (CR 1138), and the other "deals damage" trigger conditions (CR 906.4,
1007.5).

Each is an automatic ability (1105.1, 1135.1, 1138.1): it triggers when the damage is dealt and
is played, like every triggered automatic ability, at the next priority sequence after the rule
processes (CR 602.1a-b, 906.5: the turn player's first, then the other player's), onto the chase,
so both players may respond before it resolves. A keyword can be granted by an effect, so these
abilities are no rows of the ability table: their pending and chase entries carry a negative
ability row (constants.KeywordAbility) and, in the aux word, what they refer to.
"""

from tcg_env.engine.jit import internal_inline
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table
from tcg_env.engine.triggers import pending_add
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will.constants import CardType, KeywordAbility
from tcg_env.games.force_of_will.state import CARD, CARD_W, CONTROLLER, LIFE, USED_TURN


@internal
def damage_dealt(game, s, T, src, slot, amount):
    """Card ``src`` (-1: no card, CR 912) dealt ``amount`` damage to the J/resonator ``slot`` (-1:
    to a player). Its abilities trigger once for each object it damaged (CR 1007.5): [Drain]
    ("whenever this card deals damage", CR 1135.2, remembering how much), [Bane] ("when this card
    deals damage to a J/resonator", CR 1138.2) and "when this card deals damage"."""
    if src < 0 or amount <= 0 or s[CARD + src * CARD_W] < 0:
        return
    # "the damage it dealt this turn" (session 21): the sum kept in the card's USED_TURN word (at most USED_DAMAGE_MASK),
    # in every pool (a pool flag may skip work, never change the state)
    u = s[USED_TURN + src * CARD_W]
    dealt = min(((u >> K.USED_DAMAGE_SHIFT) & K.USED_DAMAGE_MASK) + amount, K.USED_DAMAGE_MASK)
    s[USED_TURN + src * CARD_W] = (u & ~(K.USED_DAMAGE_MASK << K.USED_DAMAGE_SHIFT)) | (dealt << K.USED_DAMAGE_SHIFT)
    ctrl = s[CONTROLLER + src * CARD_W]
    if game.has_keyword(s, T, src, K.KW_DRAIN):
        pending_add(game, s, ctrl, src, KeywordAbility.DRAIN, amount)
    if slot >= 0 and game.has_keyword(s, T, src, K.KW_BANE):
        pending_add(game, s, ctrl, src, KeywordAbility.BANE, slot)
    game.trigger_own(s, T, src, K.Trigger.DEALS_DAMAGE, slot)


@internal
def battle_damage_to_card(game, s, T, src, slot):
    """The J/resonator ``src`` dealt battle damage to the J/resonator ``slot``: [Explode] ("when
    this card deals battle damage to a resonator", CR 1105.2) triggers; a J-ruler's does not
    (1105.3)."""
    if not game.has_keyword(s, T, src, K.KW_EXPLODE):
        return
    if game.card_type(s, T, src) != CardType.RESONATOR or game.card_type(s, T, slot) != CardType.RESONATOR:
        return
    pending_add(game, s, s[CONTROLLER + src * CARD_W], src, KeywordAbility.EXPLODE, slot)


@internal_inline  # one caller: inlined into it (engine.jit)
def resolve_keyword_ability(game, s, T, kw, src, src_card, ctrl, aux):
    """A keyword skill's automatic ability resolves (``src_card``: its card's id when it was
    played, CR 911). It resolves even when its card left the field or lost the keyword (CR
    906.10); a card it destroys must still be in the field (``zones.destroy``)."""
    if kw == KeywordAbility.DRAIN:
        if aux > 0 and not game.life_gain_blocked(s, T, ctrl):  # "Players cannot gain life.": no gain, no trigger
            s[LIFE + ctrl] += aux  # CR 1135.2: "you gain that much life"
            game.trigger_controlled(s, T, K.Trigger.YOU_GAIN_LIFE, ctrl)
    elif kw == KeywordAbility.BANE:
        game.destroy(s, T, aux)  # CR 1138.2: "destroy that J/resonator"
    elif kw == KeywordAbility.EXPLODE:
        # CR 1105.2: "if this card is a resonator, destroy this card and the resonator it deals its
        # battle damage" (usually this card is already in its graveyard, destroyed by the damage)
        if src_card >= 0 and card_table(T)[src_card, K.C_TYPE] == CardType.RESONATOR:
            game.destroy(s, T, aux)
            game.destroy(s, T, src)
