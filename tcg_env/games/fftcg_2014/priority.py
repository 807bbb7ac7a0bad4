"""FF-TCG 2014 rules kernels: putting auto-abilities on the stack, FF-TCG's (``tcg_env.games.fftcg
.priority``) but for Assist, which its controller chooses to use or not (2014 CR 15.2.6.3): declined,
it is not even put on the stack (15.2.6.4). It is asked when the ability would go on the stack (at
the next priority, 11.9.7), not as the Backup enters: nothing happens in between."""

from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.tables import ability_table
from tcg_env.games.fftcg.priority import push_trigger as base_push_trigger
from tcg_env.games.fftcg_2014 import constants as K
from tcg_env.games.fftcg_2014.state import ASK, DEC_ARG
from tcg_env.games.fftcg_2014.play import ask


@internal
def push_trigger(game, s, T, player, slot, arow, aux):
    if ability_table(T)[arow, K.A_ASSIST] != 0:
        s[DEC_ARG] = slot
        s[DEC_ARG + 1] = arow
        s[DEC_ARG + 2] = aux
        ask(s, K.Ask.ASSIST, K.Decision.OPTIONAL_EFFECT, player)
        return
    base_push_trigger(game, s, T, player, slot, arow, aux)


@internal
def assist_answer(game, s, T, player, use):
    s[ASK] = K.Ask.NONE
    if use:
        base_push_trigger(game, s, T, player, s[DEC_ARG], s[DEC_ARG + 1], s[DEC_ARG + 2])
