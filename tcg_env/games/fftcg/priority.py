"""FF-TCG rules kernels: priority and the stack (CR 11.1, 7.12), on the engine core's chase.

The mechanism is the core's (:mod:`tcg_env.engine.chase`): priority points run the rule processes
(CR 12.3) and put pending auto-abilities on the stack in the order their controller chooses
(CR 11.8.7); two passes in a row resolve the top of the stack or end the step or phase (CR 11.1).
What stays here is FF-TCG's: what a stack entry is, the flow each pass leads to, the End Phase
where no player acts (CR 9.5.1.1), and resolving, which checks targets and conditions again
(CR 11.11).
"""

from tcg_env.engine.chase import Priority, chase_full, chase_pop, priority_pass
from tcg_env.engine.chase import priority_point as chase_priority_point
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.jit import internal
from tcg_env.engine.tables import ability_table
from tcg_env.engine.triggers import pending_take
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg.constants import (
    EK_ABILITY,
    FL_AFTER_RESOLVE,
    FL_PRIORITY,
    FL_RESOLVE,
    FL_STEP_END,
    FRAME_MAX,
    M_EXEC,
    M_TARGET,
    P_RESOLVE,
    P_TRIGGER,
)
from tcg_env.games.fftcg.state import (
    CAND,
    CAND_N,
    E_ABIL,
    E_CTRL,
    E_SLOT,
    FLOW,
    FRAME_N,
    FR_MODE,
    FR_PC,
    FR_PURPOSE,
    PHASE,
    PRIORITY_CLEAN,
)


@internal
def actions_allowed_now(s):
    """CR 9.5.1.1: no Summons or abilities in the End Phase."""
    return s[PHASE] != K.Phase.END


@internal
def flow_after_pass(s, result):
    """The flow a pass leads to (CR 11.1.6 / 11.1.7): the top of the stack resolves, the step or
    phase ends, or the other player receives priority."""
    if result == Priority.RESOLVE:
        s[FLOW] = FL_RESOLVE
    elif result == Priority.END_STEP:
        s[FLOW] = FL_STEP_END
    else:
        s[FLOW] = FL_PRIORITY


@internal
def priority_point(game, s, T):
    """CR 11.1.3 / 11.1.4 / 12.3: rule processes, pending auto-abilities, then priority."""
    r = chase_priority_point(game, s, T)
    if r == Priority.OFFERED:
        s[PRIORITY_CLEAN] = 1  # rule processes found nothing, no auto-ability pending (see apply_unchecked)
    elif r <= Priority.END_STEP:
        game.flow_after_pass(s, r)  # CR 9.5.1.1: the pass made for the player in the End Phase


@internal
def order_triggers(s, T, player, n):
    """CR 11.8.7: ``player`` chooses which of its ``n`` pending auto-abilities goes on the stack
    first (OPTION k: its pending ability k, ``rules.choices.mask_pending``; ``CAND[k] = k`` is what
    the observation's option entities and the action descriptions read)."""
    s[CAND_N] = n
    for i in range(n):
        s[CAND + i] = i
    set_decision(s, K.Decision.ORDER_TRIGGERS, player)
    return 0


@internal
def place_trigger(game, s, T, player, index):
    """Put pending auto-ability ``index`` of ``player`` onto the stack, choosing its targets."""
    slot, arow, aux = pending_take(game, s, player, index)
    game.push_trigger(s, T, player, slot, arow, aux)
    return 0


@internal
def push_trigger(game, s, T, player, slot, arow, aux):
    """The auto-ability goes on the stack: its targets are chosen first (CR 11.8.9)."""
    if chase_full(game, s) or s[FRAME_N] >= FRAME_MAX:
        return  # capacity: dropped (documented)
    game.push_program_frame(s, T, M_TARGET, P_TRIGGER, EK_ABILITY, slot, arow, player, aux)


@internal
def do_pass(game, s, T, player):
    """CR 11.1.6 / 11.1.7."""
    game.flow_after_pass(s, priority_pass(game, s, player))


@internal
def resolve_top(game, s, T):
    """CR 11.11: resolve the top Summon or ability."""
    abil = ability_table(T)
    src = chase_pop(game, s)
    base = game.push_program_frame(s, T, M_EXEC, P_RESOLVE, 0, -1, 0, 0, 0)
    game.copy_entry(s, src, base)
    s[base + FR_MODE] = M_EXEC
    s[base + FR_PURPOSE] = P_RESOLVE
    arow = s[base + E_ABIL]
    ctrl = s[base + E_CTRL]
    s[FLOW] = FL_AFTER_RESOLVE
    ok = game.validate_entry_targets(s, T, base)
    if ok and abil[arow, K.A_KIND] == K.AbilityKind.AUTO:
        # CR 11.11.3: conditional auto-abilities check the condition again
        ok = game.condition_holds(s, T, abil[arow, K.A_COND], abil[arow, K.A_COND_ARG], ctrl, s[base + E_SLOT])
    if not ok:
        s[base + FR_PC] = abil[arow, K.A_CODE_LEN]  # cancelled: the frame finishes at once
    elif abil[arow, K.A_KIND] == K.AbilityKind.AUTO and abil[arow, K.A_OPTIONAL] != 0:
        s[base + FR_PC] = -1
