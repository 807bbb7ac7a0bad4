"""FF-TCG 2014 rules kernels: filters and conditions, FF-TCG's (``tcg_env.games.fftcg.filters``)
with this variant's: a filter may ask for the character the source Item equips (2014 CR
15.1.1.11), and the conditions of Overdrive (15.2.9.3), Junction (15.2.15.3), Items and Monsters."""

from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import filter_table
from tcg_env.games.fftcg.filters import condition_holds as base_condition_holds
from tcg_env.games.fftcg.filters import filter_match as base_filter_match
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import FIELD_SLOTS
from tcg_env.games.fftcg_2014.state import CARD_W, EQUIPS, FIELD_L, FIELD_N, JUNCTIONED, OVERDRIVEN, X_W, ZONE


@internal
def filter_match(game, s, T, frow, slot, viewer, source):
    if filter_table(T)[frow, K.F_EQUIPPED_BY_SOURCE] != 0 and (source < 0 or s[EQUIPS + source * X_W] != slot + 1):
        return False
    return base_filter_match(s, T, frow, slot, viewer, source)


@internal
def condition_holds(game, s, T, cond, arg, player, source):
    if cond == K.Condition.OVERDRIVE_PAID:
        return source >= 0 and s[OVERDRIVEN + source * X_W] != 0
    if cond == K.Condition.JUNCTIONED:  # as long as the Summon stays removed from the game
        summon = s[JUNCTIONED + source * X_W] - 1 if source >= 0 else -1
        return summon >= 0 and s[ZONE + summon * CARD_W] == K.Zone.REMOVED
    if cond == K.Condition.EQUIPPED:
        for i in range(s[FIELD_N + player] if source >= 0 else 0):
            if s[EQUIPS + s[FIELD_L + player * FIELD_SLOTS + i] * X_W] == source + 1:
                return True
        return False
    if cond == K.Condition.MONSTERS_AT_LEAST:
        return game.count_field_type(s, T, player, K.CardType.MONSTER) >= arg
    return base_condition_holds(game, s, T, cond, arg, player, source)
