"""FF-TCG rules kernels: priority and the stack (CR 11.1, 7.12).

Priority points run the rule processes (CR 12.3) and put pending auto-abilities on the stack in
the order their controller chooses (CR 11.8.7); two passes in a row resolve the top of the stack
or end the step or phase (CR 11.1); resolving checks targets and conditions again (CR 11.11).
"""

from tcg_env.engine.tables import ability_table
from tcg_env.engine.jit import internal
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
    PENDING_TRIGGER_MAX,
    P_RESOLVE,
    P_TRIGGER,
    STACK_MAX,
)
from tcg_env.games.fftcg.state import (
    CAND,
    CAND_N,
    ENTRY_W,
    E_ABIL,
    E_CTRL,
    E_SLOT,
    FLOW,
    FRAME_N,
    FR_MODE,
    FR_PC,
    FR_PURPOSE,
    PASSES,
    PHASE,
    PRIORITY_CLEAN,
    PRIORITY_PLAYER,
    PT,
    PT_N,
    STACK,
    STACK_N,
    TURN_PLAYER,
)
from tcg_env.games.fftcg.board import condition_holds
from tcg_env.engine.decisions import set_decision
from tcg_env.games.fftcg.rule_processes import rule_processes
from tcg_env.games.fftcg.effects import copy_entry, push_program_frame, validate_entry_targets


@internal
def actions_allowed_now(s):
    """CR 9.5.1.1: no Summons or abilities in the End Phase."""
    return s[PHASE] != K.Phase.END


@internal
def priority_point(s, T):
    """CR 11.1.3 / 11.1.4 / 12.3: rule processes, pending auto-abilities, then priority."""
    if rule_processes(s, T):
        return
    tp = s[TURN_PLAYER]
    for k in range(2):
        p = tp if k == 0 else 1 - tp
        n = s[PT_N + p]
        if n == 0:
            continue
        if n == 1:
            place_trigger(s, T, p, 0)
        else:
            s[CAND_N] = n
            for i in range(n):
                s[CAND + i] = i
            set_decision(s, K.Decision.ORDER_TRIGGERS, p)  # CR 11.8.7: its controller orders them
        return
    if not actions_allowed_now(s):
        do_pass(s, T, s[PRIORITY_PLAYER])
        return
    set_decision(s, K.Decision.PRIORITY, s[PRIORITY_PLAYER])
    s[PRIORITY_CLEAN] = 1  # rule processes found nothing, no auto-ability pending (see apply_unchecked)


@internal
def place_trigger(s, T, player, index):
    """Put pending auto-ability ``index`` of ``player`` onto the stack, choosing its targets."""
    n = s[PT_N + player]
    base = PT + (player * PENDING_TRIGGER_MAX + index) * 3
    slot = s[base]
    arow = s[base + 1]
    aux = s[base + 2]
    for i in range(index, n - 1):
        b0 = PT + (player * PENDING_TRIGGER_MAX + i) * 3
        s[b0] = s[b0 + 3]
        s[b0 + 1] = s[b0 + 4]
        s[b0 + 2] = s[b0 + 5]
    s[PT_N + player] = n - 1
    if s[STACK_N] >= STACK_MAX or s[FRAME_N] >= FRAME_MAX:
        return  # capacity: dropped (documented)
    push_program_frame(s, T, M_TARGET, P_TRIGGER, EK_ABILITY, slot, arow, player, aux)


@internal
def do_pass(s, T, player):
    """CR 11.1.6 / 11.1.7."""
    s[PASSES] += 1
    if s[PASSES] >= 2:
        s[PASSES] = 0
        if s[STACK_N] > 0:
            s[FLOW] = FL_RESOLVE
        else:
            s[FLOW] = FL_STEP_END
    else:
        s[PRIORITY_PLAYER] = 1 - player
        s[FLOW] = FL_PRIORITY


@internal
def resolve_top(s, T):
    """CR 11.11: resolve the top Summon or ability."""
    abil = ability_table(T)
    n = s[STACK_N] - 1
    src = STACK + n * ENTRY_W
    s[STACK_N] = n
    base = push_program_frame(s, T, M_EXEC, P_RESOLVE, 0, -1, 0, 0, 0)
    copy_entry(s, src, base)
    s[base + FR_MODE] = M_EXEC
    s[base + FR_PURPOSE] = P_RESOLVE
    arow = s[base + E_ABIL]
    ctrl = s[base + E_CTRL]
    s[FLOW] = FL_AFTER_RESOLVE
    ok = validate_entry_targets(s, T, base)
    if ok and abil[arow, K.A_KIND] == K.AbilityKind.AUTO:
        # CR 11.11.3: conditional auto-abilities check the condition again
        ok = condition_holds(s, T, abil[arow, K.A_COND], abil[arow, K.A_COND_ARG], ctrl, s[base + E_SLOT])
    if not ok:
        s[base + FR_PC] = abil[arow, K.A_CODE_LEN]  # cancelled: the frame finishes at once
    elif abil[arow, K.A_OPTIONAL] != 0:
        s[base + FR_PC] = -1
