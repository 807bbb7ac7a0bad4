"""FF-TCG 2014 rules kernels: who may join a Party (2014 CR 10.1.2.1, 15.1.1.10.2, the party icon
15.2.8). The rest of the Attack Phase is FF-TCG's (``tcg_env.games.fftcg.battle``): one Forward or
a Party per attack, Brave, Haste, Pre-emptive Strike (FF-TCG's First Strike), a Party blocked as
one and the blocker's damage divided among it."""

from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import card_table
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import KW_PARTY
from tcg_env.games.fftcg_2014.state import ATK_L, ATK_N, CARD, CARD_W


@internal
def may_join_party(s, T, slot):
    """A Party is Forwards of one element, or Forwards that all have the party icon (15.2.8.1); one
    without it cannot join a Party with a Forward of another element (15.2.8.2)."""
    cards = card_table(T)
    cid = s[CARD + slot * CARD_W]
    same = True
    icons = (cards[cid, K.C_KEYWORDS] & KW_PARTY) != 0
    for i in range(s[ATK_N]):
        ocid = s[CARD + s[ATK_L + i] * CARD_W]
        same = same and cards[ocid, K.C_ELEMENT] == cards[cid, K.C_ELEMENT]
        icons = icons and (cards[ocid, K.C_KEYWORDS] & KW_PARTY) != 0
    return same or icons
