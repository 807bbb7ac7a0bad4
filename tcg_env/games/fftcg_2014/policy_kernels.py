"""FF-TCG 2014's heuristic: FF-TCG's (``tcg_env.games.fftcg.policy_kernels``), which judges cards by
their printed and current worth, with this variant's questions answered: it pays Overdrive and
Combination when it may, plays a Flash / Forward card rather than using its Flash, uses Assist,
keeps its characters rather than War God's discount, and equips the strongest Forward it may.
``resample_hidden`` is FF-TCG's: this variant hides nothing more."""


from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)

from tcg_env.engine.header import H_DECIDER, H_DECISION
from tcg_env.engine.tables import card_table
from tcg_env.games.fftcg.policy_kernels import heuristic_action as base_heuristic_action
from tcg_env.games.fftcg.policy_kernels import resample_hidden  # noqa: F401
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.constants import FIELD_SLOTS, NUM_ACTIONS, OPTION_BASE, OWN_FIELD_BASE, PASS
from tcg_env.games.fftcg_2014.state import ASK, CARD, CARD_W, D_POWER, FIELD_L


@internal
def heuristic_action(game, s, T, mask, n_legal, rng_row):
    what = s[ASK]
    if what == K.Ask.NONE:
        return base_heuristic_action(game, s, T, mask, n_legal, rng_row)
    a = -1
    if what == K.Ask.HAND_ABILITY or what == K.Ask.WAR_GOD:
        a = PASS
    elif what == K.Ask.EQUIP:
        p = s[H_DECIDER]
        best = -1.0
        for i in range(FIELD_SLOTS):
            if mask[OWN_FIELD_BASE + i] != 0:
                slot = s[FIELD_L + p * FIELD_SLOTS + i]
                v = s[D_POWER + slot * CARD_W] + (1.0 if card_table(T)[s[CARD + slot * CARD_W], K.C_TYPE]
                                                  == K.CardType.FORWARD else 0.0)
                if v > best:
                    best = v
                    a = OWN_FIELD_BASE + i
    elif s[H_DECISION] == K.Decision.OPTIONAL_EFFECT:
        a = OPTION_BASE
    if a < 0 or mask[a] == 0:
        for b in range(NUM_ACTIONS):
            if mask[b] != 0:
                return b
    return a
