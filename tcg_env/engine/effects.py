"""Effect programs, written once for every game: the instruction format, target registers, the
interpreter loop and the opcodes every game shares.

Card abilities compile into short programs, rows of the card tables' ``code`` table
(:func:`tcg_env.engine.tables.code_table`). A program runs over a *frame* kept in the state row, so
an effect can stop on a choice and resume at the same instruction when the action arrives. Every
game's instruction is the same five int32 columns (``I_*``).

Opcodes
-------
The opcodes below (:class:`CoreOp`) mean the same in every game and are run by
:func:`run_program`; a game's ``constants.Op`` takes them by name (``CHOOSE = CoreOp.CHOOSE``) and
numbers its own opcodes in the gaps, which :func:`run_program` hands to the game's ``exec_op``
hook. Opcodes ``EACH_TARGET_FIRST .. EACH_TARGET_LAST`` act on every card of a target register:
the core loops over the register, and the game says what the opcode does to one card.

Frames
------
A frame is the game's own block of words in its row (its layout is the game's, so its snapshots
and observations keep their shape); the core reads the words the contract below names through
the game's constants (``FRAME_PC`` ...: offsets from the frame's base). The frames are a stack of
``FRAME_MAX`` records of ``FRAME_W`` words at ``FRAMES``, ``FRAME_N`` of them in use (row
offsets): the core's :func:`push_frame` (every word cleared, then the entry's words set),
:func:`top_frame`, :func:`pop_frame` and :func:`frames_full` keep it, for a game whose hooks module
names those words (FF-TCG, Force of Will; Weiss Schwarz's frames hold no kind, card, mode or
purpose and push their own). What happens when a frame finishes is the game's rule.

Done or not done: "If you do, ..."
----------------------------------
Card text makes an instruction depend on whether the one before it was done: Force of Will's
"You may discard a card. If you do, draw two cards." (CR 104.2: what cannot be done is not done),
FF-TCG's "you may discard 1 card. If you do so, ...". An instruction that finished without doing
what it says (declined, impossible, or not in full: a discard from a hand with fewer cards) returns
:data:`NOT_DONE` instead of :data:`NEXT`; the core's DISCARD does (done: all the cards discarded),
and a game's ``exec_op`` reports its own opcodes the same way (what "done" means is the game's rule);
the each-target opcodes are NOT_DONE when no card of the register was affected (or, by the game's
``target_done``, none was done after all), DRAW when fewer cards
were drawn than it says.
``CoreOp.IF_DONE`` (a0 = 0 "If you do", 1 "If you don't"; a2 rows) must be the row right after the
instruction it asks about (the games' card compilers check it): a NOT_DONE instruction decides it at
once (past the IF_DONE row, and past its a2 rows for "If you do"), and an IF_DONE reached in turn
follows a done instruction (it skips its a2 rows for "If you don't"). Nothing is kept in the frame,
so the frame layouts are unchanged, and NEXT's path through the loop is not longer: NOT_DONE is
looked at only among the statuses that are not NEXT. A NOT_DONE not followed by IF_DONE is NEXT.

Modes: when targets are chosen
------------------------------
Some games choose an effect's targets when it is played or put on the stack and only check them
on resolution (FF-TCG CR 11.3.3, Force of Will); others choose while it resolves (Weiss Schwarz
CR 8.6.3). A program lists its CHOOSE rows first; the frame's mode (the game's ``frame_mode`` hook)
says which part runs: :data:`MODE_TARGETS` the leading CHOOSE rows only, :data:`MODE_RESOLVE`
the rest (the targets were chosen), :data:`MODE_ALL` both in order.

The contract (in the game's hooks module, beside the core's, ``tcg_env.engine.hooks``)
--------------------------------------------------------------------------------------
Constants (offsets from a frame's base unless noted): ``FRAME_SOURCE`` (the source card's slot),
``FRAME_ABILITY`` (the ability row), ``FRAME_CONTROLLER``, ``FRAME_PC`` (the next instruction),
``FRAME_COUNT`` (steps of the current instruction: cards chosen, discarded; 0 when it starts),
``FRAME_REG_COUNTS`` (one count per register) and ``FRAME_REGS`` (``TARGET_MAX`` slots per
register); ``TARGET_MAX``; the ability table's ``A_CODE_START`` / ``A_CODE_LEN`` columns;
``DEC_ARG`` (row offset of the decision's arguments) and ``DECISION_CHOOSE_TARGET``.

Kernels (``s`` the row, ``T`` the card tables, ``f`` a frame's base):

``exec_op(s, T, f, op, reg, a0, a1, a2) -> status``
    The game's own opcodes (see the statuses below; NOT_DONE where an IF_DONE may ask).
``filter_match(s, T, frow, slot, viewer, source) -> bool``
    Does card ``slot`` match filter row ``frow`` (as ``viewer`` sees it, for the ability of
    ``source``)?
``in_play_count(s, player)`` / ``in_play_slot(s, player, i)``
    The cards in play that SELECT_ALL scans (slot, or -1 for an empty place), in the game's order.
``choose_candidates(s, T, f, reg, frow) -> int``
    CHOOSE: how many cards can still be chosen (the game may list them in its candidate list for
    its actions); how many this instruction has chosen is ``chosen_so_far`` (optional, below).
``target_affected(s, op, slot) -> bool``
    Does an each-target opcode still act on the card (it may have left the zone the effect
    expects: FF-TCG CR 11.11.2, Weiss Schwarz CR 8.11.1)?
``add_power(s, slot, amount, duration)``, ``grant_keywords(s, slot, bits, duration)``,
``add_restrictions(s, slot, bits, duration)``
    POWER, GRANT_KEYWORD and RESTRICT on one card: where the modifier lives and how long it lasts.
``each_target(s, T, f, op, slot, a0, a1, a2)``
    The game's other each-target opcodes on one card.
``condition_holds(s, T, cond, arg, controller, source) -> bool``
    IF's condition (the game's conditions, also used by its abilities).
``draw_cards(s, player, n)``, ``hand_count(s, player)``, ``discard_hand_index(s, player, i)``,
``ask_discard(s, f, player)``
    DRAW and DISCARD. ``ask_discard`` sets the decision that has ``player`` discard one card of
    its choice; the game's action handler discards it and adds one to ``FRAME_COUNT``.

The frame stack's constants (for :func:`push_frame` ...): ``FRAME_N``, ``FRAMES`` (row offsets),
``FRAME_W``, ``FRAME_MAX``, ``N_REGS``, ``CARD`` / ``CARD_W`` (the card records' id field, for the
last known card id), and the words ``FRAME_KIND``, ``FRAME_CARD``, ``FRAME_AUX``,
``FRAME_PURPOSE``; optional ``FRAME_REG_EMPTY`` [0: what an empty register slot holds].

Optional words (a -1 default: the frame has none): ``FRAME_MODE`` (the mode, :func:`frame_mode`'s
default reads it; none: :data:`MODE_ALL`), ``FRAME_STORE`` (the count an operand -1 stands for,
:func:`stored_count`'s default reads it; none: 0).

Optional (defaults in brackets): ``frame_mode(s, f)`` [the ``FRAME_MODE`` word],
``chosen_so_far(s, f, reg)`` [the register's count: a program fills each register with one CHOOSE],
``add_power_second(s, slot, amount, duration)`` [nothing: POWER's second operand ``a2``, e.g.
Force of Will's DEF change beside the ATK change ``a0``, CR 1020.3],
``after_each_target(s, T)`` [nothing; e.g. recompute derived values once],
``target_done(s, op, slot) -> bool`` [True: an each-target opcode that affected the card did it; e.g. Force of
Will's destroy is not done to a card still in the field after it, for "If you do"],
``after_draw(s, T, player, n)`` [nothing: ``player`` has drawn ``n`` cards by DRAW (more than 0), e.g. FF-TCG's
"When you draw a card"],
``stored_count(s, f)`` [the ``FRAME_STORE`` word: the value a count operand of -1 stands for,
e.g. Force of Will's X chosen when the card was played, Weiss Schwarz's "X" counted by an earlier
instruction], ``interrupt_due(s) -> bool`` [False: after an
instruction, stop the program and let the game handle something first, e.g. a level up].
"""

from enum import IntEnum

from tcg_env.engine import hooks
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.header import H_DONE
from tcg_env.engine.jit import internal, internal_widened
from tcg_env.engine.rng import rng_below
from tcg_env.engine.tables import ability_table, code_table

I_OP = 0  # opcode (CoreOp or the game's Op)
I_REG = 1  # target register the instruction fills or acts on (0 .. the game's N_REGS - 1)
I_A0 = 2  # operands: what each means depends on the opcode
I_A1 = 3
I_A2 = 4
I_NCOLS = 5


class CoreOp(IntEnum):
    """The opcodes every game shares, run by :func:`run_program`."""

    # --- targeting: add cards to register I_REG (capped at TARGET_MAX) ---
    CHOOSE = 1  # a0 = filter row, a1 = count (-1: stored_count), a2 = 1 "up to" (may choose fewer)
    SELECT_ALL = 2  # a0 = filter row: every matching card in play when it runs
    TARGET_SELF = 3  # the source card
    # --- on every card of register I_REG (EACH_TARGET_FIRST .. EACH_TARGET_LAST) ---
    POWER = 10  # a0 = signed power change, a1 = the game's Duration, a2 = a second change (add_power_second)
    GRANT_KEYWORD = 13  # a0 = the game's keyword bits, a1 = Duration
    RESTRICT = 14  # a0 = the game's restriction bits, a1 = Duration
    # --- on players (a1 = Who) ---
    DRAW = 30  # a0 = count (-1: stored_count)
    DISCARD = 31  # a0 = count (-1: stored_count); a2 = 1 at random, else the discarding player chooses
    # --- control flow ---
    IF = 60  # a0 = the game's condition, a1 = its argument: when it does not hold, skip the next a2 rows
    # "If you do, ..." (a0 = 0) / "If you don't, ..." (a0 = 1): skip the next a2 rows unless the
    # instruction just before was done (a0 = 0) / was not done (a0 = 1); see "Done or not done" above.
    # (64: clear of every game's own opcodes)
    IF_DONE = 64


EACH_TARGET_FIRST = 10  # opcodes in this range act on every card of the register, one by one
EACH_TARGET_LAST = 24


class Who(IntEnum):
    """A player operand (a1 of DRAW, DISCARD, ...), relative to the effect's controller."""

    CONTROLLER = 0
    OPPONENT = 1


# when a frame's targets are chosen (see the module docstring)
MODE_TARGETS = 0
MODE_RESOLVE = 1
MODE_ALL = 2

# what an instruction did: exec_op's result (NEXT, ASKED, STOPPED, AGAIN, NOT_DONE) and run_program's
# (DONE, ASKED, STOPPED)
NEXT = 0  # finished: on to the next instruction
ASKED = 1  # it set a decision: the program stops; the instruction runs again after the answer
STOPPED = 2  # the program stops without a decision (the game ended, a frame was pushed on top,
#              an interrupt): the instruction left the program counter where it resumes
AGAIN = 3  # run the same instruction again at once (it advanced its own FRAME_COUNT)
DONE = 4  # the program ran to its end (the game pops the frame)
NOT_DONE = 5  # finished without doing what it says (declined, impossible, not in full): as NEXT, and an
#               IF_DONE row right after it is decided at once (see "Done or not done")

FRAME_N = hooks.constant("FRAME_N")
FRAMES = hooks.constant("FRAMES")
FRAME_W = hooks.constant("FRAME_W")
FRAME_MAX = hooks.constant("FRAME_MAX")
N_REGS = hooks.constant("N_REGS")
CARD = hooks.constant("CARD")
CARD_W = hooks.constant("CARD_W")
FRAME_KIND = hooks.constant("FRAME_KIND")
FRAME_CARD = hooks.constant("FRAME_CARD")
FRAME_AUX = hooks.constant("FRAME_AUX")
FRAME_PURPOSE = hooks.constant("FRAME_PURPOSE")
FRAME_REG_EMPTY = hooks.constant("FRAME_REG_EMPTY", default=0)
FRAME_MODE = hooks.constant("FRAME_MODE", default=-1)
FRAME_STORE = hooks.constant("FRAME_STORE", default=-1)


# the optional hooks' defaults
@internal
def _frame_mode(game, s, f):
    """The frame's FRAME_MODE word; MODE_ALL where frames have none (the branch is on a
    compile-time constant: one of the two is compiled)."""
    if FRAME_MODE(game) < 0:
        return MODE_ALL
    return s[f + FRAME_MODE(game)]


@internal
def _register_count(game, s, f, reg):
    """CHOOSE counts the register: a program fills each register with one CHOOSE (FF-TCG's and
    Force of Will's card compilers check it)."""
    return s[f + FRAME_REG_COUNTS(game) + reg]


@internal
def _nothing(s, T):
    return None


@internal
def _no_second_power(s, slot, amount, duration):
    return None


@internal
def _no_after_draw(s, T, player, n):
    return None


@internal
def _frame_store(game, s, f):
    """The frame's FRAME_STORE word; 0 where frames have none."""
    if FRAME_STORE(game) < 0:
        return 0
    return s[f + FRAME_STORE(game)]


@internal
def _no_interrupt(s):
    return False


@internal
def _target_done(s, op, slot):
    return True


exec_op = hooks.hook("exec_op", "s, T, f, op, reg, a0, a1, a2")
filter_match = hooks.hook("filter_match", "s, T, frow, slot, viewer, source")
condition_holds = hooks.hook("condition_holds", "s, T, cond, arg, controller, source")
in_play_count = hooks.hook("in_play_count", "s, player")
in_play_slot = hooks.hook("in_play_slot", "s, player, i")
chosen_so_far = hooks.hook("chosen_so_far", "s, f, reg", default=_register_count)
choose_candidates = hooks.hook("choose_candidates", "s, T, f, reg, frow")
target_affected = hooks.hook("target_affected", "s, op, slot")
add_power = hooks.hook("add_power", "s, slot, amount, duration")
add_power_second = hooks.hook("add_power_second", "s, slot, amount, duration", default=_no_second_power)
grant_keywords = hooks.hook("grant_keywords", "s, slot, bits, duration")
add_restrictions = hooks.hook("add_restrictions", "s, slot, bits, duration")
each_target = hooks.hook("each_target", "s, T, f, op, slot, a0, a1, a2")
draw_cards = hooks.hook("draw_cards", "s, player, n")
hand_count = hooks.hook("hand_count", "s, player")
discard_hand_index = hooks.hook("discard_hand_index", "s, player, i")
ask_discard = hooks.hook("ask_discard", "s, f, player")
frame_mode = hooks.hook("frame_mode", "s, f", default=_frame_mode)
after_each_target = hooks.hook("after_each_target", "s, T", default=_nothing)
after_draw = hooks.hook("after_draw", "s, T, player, n", default=_no_after_draw)
stored_count = hooks.hook("stored_count", "s, f", default=_frame_store)
interrupt_due = hooks.hook("interrupt_due", "s", default=_no_interrupt)
target_done = hooks.hook("target_done", "s, op, slot", default=_target_done)

FRAME_SOURCE = hooks.constant("FRAME_SOURCE")
FRAME_ABILITY = hooks.constant("FRAME_ABILITY")
FRAME_CONTROLLER = hooks.constant("FRAME_CONTROLLER")
FRAME_PC = hooks.constant("FRAME_PC")
FRAME_COUNT = hooks.constant("FRAME_COUNT")
FRAME_REG_COUNTS = hooks.constant("FRAME_REG_COUNTS")
FRAME_REGS = hooks.constant("FRAME_REGS")
TARGET_MAX = hooks.constant("TARGET_MAX")
A_CODE_START = hooks.constant("A_CODE_START")
A_CODE_LEN = hooks.constant("A_CODE_LEN")
DEC_ARG = hooks.constant("DEC_ARG")
DECISION_CHOOSE_TARGET = hooks.constant("DECISION_CHOOSE_TARGET")


# =============================================================================================
# The frame stack
# =============================================================================================
@internal_widened
def push_frame(game, s, T, mode, purpose, kind, slot, arow, ctrl, aux):
    """A new frame on top of the stack, for ability row ``arow`` of the card in ``slot`` (-1: none)
    controlled by ``ctrl``: every word cleared (the registers empty), then its kind, source,
    ability, controller, the source's card id as last known (FF-TCG CR 11.11.4, Force of Will CR
    911), ``aux``, ``mode`` and ``purpose``; returns its base. The caller checks ``frames_full``
    first. (Widened: its callers pass many literal kinds and purposes, one compile for all.)"""
    n = s[FRAME_N(game)]
    base = FRAMES(game) + n * FRAME_W(game)
    for k in range(FRAME_W(game)):
        s[base + k] = 0
    if FRAME_REG_EMPTY(game) != 0:
        for r in range(N_REGS(game) * TARGET_MAX(game)):
            s[base + FRAME_REGS(game) + r] = FRAME_REG_EMPTY(game)
    s[base + FRAME_KIND(game)] = kind
    s[base + FRAME_SOURCE(game)] = slot
    s[base + FRAME_ABILITY(game)] = arow
    s[base + FRAME_CONTROLLER(game)] = ctrl
    s[base + FRAME_CARD(game)] = s[CARD(game) + slot * CARD_W(game)] if slot >= 0 else -1
    s[base + FRAME_AUX(game)] = aux
    s[base + FRAME_MODE(game)] = mode
    s[base + FRAME_PURPOSE(game)] = purpose
    s[FRAME_N(game)] = n + 1
    return base


@internal
def top_frame(game, s):
    """The base of the top frame (there is one)."""
    return FRAMES(game) + (s[FRAME_N(game)] - 1) * FRAME_W(game)


@internal
def pop_frame(game, s):
    s[FRAME_N(game)] -= 1


@internal
def frames_full(game, s):
    return s[FRAME_N(game)] >= FRAME_MAX(game)


# =============================================================================================
# Target registers
# =============================================================================================
@internal
def reg_count(game, s, f, reg):
    return s[f + FRAME_REG_COUNTS(game) + reg]


@internal
def reg_slot(game, s, f, reg, i):
    return s[f + FRAME_REGS(game) + reg * TARGET_MAX(game) + i]


@internal
def reg_add(game, s, f, reg, slot):
    """Add ``slot`` to register ``reg`` (nothing once it holds TARGET_MAX cards)."""
    n = s[f + FRAME_REG_COUNTS(game) + reg]
    if n < TARGET_MAX(game):
        s[f + FRAME_REGS(game) + reg * TARGET_MAX(game) + n] = slot
        s[f + FRAME_REG_COUNTS(game) + reg] = n + 1


@internal
def reg_has(game, s, f, reg, slot):
    for i in range(s[f + FRAME_REG_COUNTS(game) + reg]):
        if s[f + FRAME_REGS(game) + reg * TARGET_MAX(game) + i] == slot:
            return True
    return False


@internal
def player_operand(game, s, f, who):
    """The player a ``Who`` operand names, for the frame's controller."""
    ctrl = s[f + FRAME_CONTROLLER(game)]
    return ctrl if who == Who.CONTROLLER else 1 - ctrl


@internal
def count_operand(game, s, f, n):
    """A count operand: ``n``, or the frame's stored count when ``n`` is -1 ("X")."""
    return n if n >= 0 else stored_count(game, s, f)


# =============================================================================================
# Targets chosen when played (MODE_TARGETS), checked on resolution
# =============================================================================================
@internal
def any_in_play_match(game, s, T, frow, viewer, source):
    """Does any card in play match filter ``frow``? (stops at the first: masks only need to know
    that a target exists)"""
    for p in range(2):
        for i in range(in_play_count(game, s, p)):
            slot = in_play_slot(game, s, p, i)
            if slot >= 0 and filter_match(game, s, T, frow, slot, viewer, source):
                return True
    return False


@internal
def targets_available(game, s, T, arow, viewer, source):
    """May the program of ability ``arow`` be played: has every leading CHOOSE that must choose
    (not "up to") a card in play to choose? (FF-TCG CR 11.3.3 / 11.6.5 / 11.7.5: a Summon or
    ability that chooses needs a legal target)"""
    abil = ability_table(T)
    code = code_table(T)
    c0 = abil[arow, A_CODE_START(game)]
    for r in range(c0, c0 + abil[arow, A_CODE_LEN(game)]):
        if code[r, I_OP] != CoreOp.CHOOSE:
            break
        if code[r, I_A2] != 0:
            continue  # "up to": zero targets is legal
        if not any_in_play_match(game, s, T, code[r, I_A0], viewer, source):
            return False
    return True


@internal
def recheck_targets(game, s, T, f):
    """On resolution, drop the chosen targets that no longer match their CHOOSE's filter, in every
    register; returns False when targets were chosen and every one of them is gone, and the effect is
    cancelled (FF-TCG CR 11.11.2); while one is still valid the effect applies to the valid ones (CR
    11.11.2.1), a register whose targets are all gone acting on none."""
    abil = ability_table(T)
    code = code_table(T)
    arow = s[f + FRAME_ABILITY(game)]
    ctrl = s[f + FRAME_CONTROLLER(game)]
    src = s[f + FRAME_SOURCE(game)]
    c0 = abil[arow, A_CODE_START(game)]
    counts = f + FRAME_REG_COUNTS(game)
    chosen = False
    left = False
    for r in range(c0, c0 + abil[arow, A_CODE_LEN(game)]):
        if code[r, I_OP] != CoreOp.CHOOSE:
            break
        reg = code[r, I_REG]
        n = s[counts + reg]
        if n == 0:
            continue
        k = 0
        for i in range(n):
            t = reg_slot(game, s, f, reg, i)
            if filter_match(game, s, T, code[r, I_A0], t, ctrl, src):
                s[f + FRAME_REGS(game) + reg * TARGET_MAX(game) + k] = t
                k += 1
        s[counts + reg] = k
        chosen = True
        left = left or k > 0
    return left or not chosen


@internal
def missing_required_target(game, s, T, f):
    """Did a CHOOSE that must choose (not "up to") find no card? (FF-TCG CR 11.8.4: such an
    auto-ability leaves the stack)"""
    abil = ability_table(T)
    code = code_table(T)
    arow = s[f + FRAME_ABILITY(game)]
    c0 = abil[arow, A_CODE_START(game)]
    for r in range(c0, c0 + abil[arow, A_CODE_LEN(game)]):
        if code[r, I_OP] != CoreOp.CHOOSE:
            break
        if code[r, I_A2] == 0 and reg_count(game, s, f, code[r, I_REG]) == 0:
            return True
    return False


# =============================================================================================
# The shared opcodes
# =============================================================================================
@internal
def _choose(game, s, T, f, reg, a0, a1, a2):
    """CHOOSE: ask the controller for one more card at a time (the decision's arguments: filter
    row, register, "up to"), until ``a1`` are chosen or none is left; an "up to" choice may end
    sooner (the game's DONE action finishes the instruction)."""
    if chosen_so_far(game, s, f, reg) < count_operand(game, s, f, a1) and choose_candidates(game, s, T, f, reg, a0) > 0:
        d = DEC_ARG(game)
        s[d] = a0
        s[d + 1] = reg
        s[d + 2] = a2
        set_decision(s, DECISION_CHOOSE_TARGET(game), s[f + FRAME_CONTROLLER(game)])
        return ASKED
    return NEXT


@internal
def _select_all(game, s, T, f, reg, frow):
    src = s[f + FRAME_SOURCE(game)]
    ctrl = s[f + FRAME_CONTROLLER(game)]
    for p in range(2):
        for i in range(in_play_count(game, s, p)):
            slot = in_play_slot(game, s, p, i)
            if slot >= 0 and filter_match(game, s, T, frow, slot, ctrl, src):
                reg_add(game, s, f, reg, slot)


@internal
def _on_each_target(game, s, T, f, op, reg, a0, a1, a2):
    """NEXT, or NOT_DONE when no card of the register was affected (an "If you do" after it: nothing
    chosen, or nothing where the instruction acts) or none was done (the game's ``target_done``)."""
    affected = 0  # bit i: the register's i-th card was affected
    for i in range(reg_count(game, s, f, reg)):
        slot = reg_slot(game, s, f, reg, i)
        if not target_affected(game, s, op, slot):
            continue
        affected |= 1 << i
        if op == CoreOp.POWER:
            add_power(game, s, slot, a0, a1)
            add_power_second(game, s, slot, a2, a1)
        elif op == CoreOp.GRANT_KEYWORD:
            grant_keywords(game, s, slot, a0, a1)
        elif op == CoreOp.RESTRICT:
            add_restrictions(game, s, slot, a0, a1)
        else:
            each_target(game, s, T, f, op, slot, a0, a1, a2)
    after_each_target(game, s, T)
    if affected == 0:
        return NOT_DONE
    # the instruction has done its work (the moves of after_each_target included): was it done to one card at least
    # (target_done: e.g. a destroy a replacement turned into something else, a card that "cannot be destroyed")?
    for i in range(reg_count(game, s, f, reg)):
        if (affected >> i) & 1 != 0 and target_done(game, s, op, reg_slot(game, s, f, reg, i)):
            return NEXT
    return NOT_DONE


@internal
def _discard(game, s, f, a0, a1, a2):
    """DISCARD: done when all ``n`` cards were discarded; a hand with fewer discards what it has
    (Force of Will CR 104.2: as much as possible) and that is NOT_DONE, as is a count of 0 (CR
    104.2: nothing is performed)."""
    who = player_operand(game, s, f, a1)
    n = count_operand(game, s, f, a0)
    if a2 != 0:
        k = 0
        for _ in range(n):
            h = hand_count(game, s, who)
            if h == 0:
                break
            discard_hand_index(game, s, who, rng_below(s, h))
            k += 1
        return NEXT if 0 < n <= k else NOT_DONE
    if s[f + FRAME_COUNT(game)] < n and hand_count(game, s, who) > 0:
        ask_discard(game, s, f, who)
        return ASKED
    return NEXT if 0 < n <= s[f + FRAME_COUNT(game)] else NOT_DONE


# =============================================================================================
# The interpreter
# =============================================================================================
@internal
def run_program(game, s, T, f):
    """Run the program of the frame at ``f`` from its program counter until it ends (``DONE``),
    asks a player (``ASKED``) or stops otherwise (``STOPPED``); see the module docstring."""
    abil = ability_table(T)
    code = code_table(T)
    arow = s[f + FRAME_ABILITY(game)]
    c0 = abil[arow, A_CODE_START(game)]
    clen = abil[arow, A_CODE_LEN(game)]
    mode = frame_mode(game, s, f)
    pc_at = f + FRAME_PC(game)
    while s[pc_at] < clen:
        r = c0 + s[pc_at]
        op = code[r, I_OP]
        reg = code[r, I_REG]
        a0 = code[r, I_A0]
        a1 = code[r, I_A1]
        a2 = code[r, I_A2]
        if op == CoreOp.CHOOSE:
            status = NEXT if mode == MODE_RESOLVE else _choose(game, s, T, f, reg, a0, a1, a2)
        elif mode == MODE_TARGETS:
            return DONE  # the CHOOSE rows come first: the targets are chosen
        elif op == CoreOp.SELECT_ALL:
            _select_all(game, s, T, f, reg, a0)
            status = NEXT
        elif op == CoreOp.TARGET_SELF:
            reg_add(game, s, f, reg, s[f + FRAME_SOURCE(game)])
            status = NEXT
        elif EACH_TARGET_FIRST <= op <= EACH_TARGET_LAST:
            status = _on_each_target(game, s, T, f, op, reg, a0, a1, a2)
        elif op == CoreOp.DRAW:
            who = player_operand(game, s, f, a1)
            n = count_operand(game, s, f, a0)
            h = hand_count(game, s, who)
            draw_cards(game, s, who, n)
            drawn = hand_count(game, s, who) - h
            # a draw from an empty deck may have ended the game (FF-TCG CR 3.1.2): nothing more; fewer cards
            # drawn than it says (or none asked) is NOT_DONE (an "If you do" after it)
            status = STOPPED if s[H_DONE] != 0 else (NEXT if 0 < n <= drawn else NOT_DONE)
            if s[H_DONE] == 0 and drawn > 0:
                after_draw(game, s, T, who, drawn)
        elif op == CoreOp.DISCARD:
            status = _discard(game, s, f, a0, a1, a2)
        elif op == CoreOp.IF:
            if not condition_holds(game, s, T, a0, a1, s[f + FRAME_CONTROLLER(game)], s[f + FRAME_SOURCE(game)]):
                s[pc_at] += a2
            status = NEXT
        elif op == CoreOp.IF_DONE:
            # reached in turn: the instruction before it was done (a NOT_DONE one skips this row)
            if a0 != 0:
                s[pc_at] += a2  # "If you don't, ..."
            status = NEXT
        else:
            status = exec_op(game, s, T, f, op, reg, a0, a1, a2)
        if status != NEXT:
            if status == AGAIN:
                continue
            if status != NOT_DONE:
                return status
            if s[pc_at] + 1 < clen and code[r + 1, I_OP] == CoreOp.IF_DONE:
                # decided now, so nothing has to remember it: past the IF_DONE row, and past its rows
                # too for "If you do, ..."
                s[pc_at] += 1
                if code[r + 1, I_A0] == 0:
                    s[pc_at] += code[r + 1, I_A2]
        s[pc_at] += 1
        s[f + FRAME_COUNT(game)] = 0
        if interrupt_due(game, s):
            return STOPPED
    return DONE
