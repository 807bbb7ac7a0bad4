"""Playing cards (R 5, R 6), costs (R 6.1), spells and their filter (R 7), the counter window
(R 8) and the automatic abilities (R 11)."""

from tcg_env.engine.chase import (
    Priority, after_resolution, after_response, chase_full, chase_pop, chase_push, chase_size, open_window,
    priority_pass, priority_point,
)
from tcg_env.engine.decisions import set_decision
from tcg_env.engine.jit import internal
from tcg_env.engine.tables import card_table, filter_table
from tcg_env.engine.triggers import NONE_PENDING, PE_SLOT, pending_entry, pending_remove, play_pending_abilities
from tcg_env.engine.zones import zone_count, zone_offsets
from tcg_env.games.template.constants import (
    C_BONUS, C_COST, C_FILTER, C_GENERIC, C_KIND, F_MAX_POWER, F_SIDE, FIELD_SLOTS, HAND_BASE, HAND_SLOTS, N_COLOURS,
    SIDE_OPPONENT, SIDE_OWN, CardKind, Decision, Duration, Mod, Trigger, Zone,
)
from tcg_env.games.template.state import (
    BUILD, CARD, CARD_W, CHASE, CHASE_ENTRY_W, DRAW_SOURCE, E_CARD, E_NEGATED, E_PLAYER, MANA, MT, OWNER, PLAYING, RESTED,
    TT, TURN_PLAYER, ZT,
)
from tcg_env.rules.choices import in_block, option_of, zone_card
from tcg_env.rules.costs import NO_WILD, pool_can_pay, pool_pay
from tcg_env.rules.filters import passes_at_most, passes_side
from tcg_env.rules.modifiers import mod_apply
from tcg_env.rules.triggers import trigger_abilities


@internal
def can_pay(s, T, p, cid):
    """R 6.1: the pool pays the card's mana of each colour and its generic mana (rules.costs)."""
    c = card_table(T)[cid]
    return pool_can_pay(s, MANA + p * N_COLOURS, N_COLOURS, NO_WILD, c, C_COST, c[C_GENERIC])


@internal
def pay(s, T, p, slot):
    c = card_table(T)[s[CARD + slot * CARD_W]]
    pool_pay(s, MANA + p * N_COLOURS, N_COLOURS, NO_WILD, c, C_COST, c[C_GENERIC])


@internal
def can_play(game, s, T, p, slot):
    """R 5.1: a creature or a spell whose cost ``p`` can pay; a creature only with room on the field
    (R 6.3); a Negate only in the counter window (R 8.1)."""
    cid = s[CARD + slot * CARD_W]
    kind = card_table(T)[cid, C_KIND]
    if kind == CardKind.COUNTER:
        return False
    if kind == CardKind.CREATURE and zone_count(s, ZT, Zone.FIELD, p) >= FIELD_SLOTS:
        return False
    return game.can_pay(s, T, p, cid)


@internal
def play_card(game, s, T, p, slot):
    """R 6.1: the cost is paid and the card goes onto the stack; the other player may answer it
    (R 8.1: the counter window opens)."""
    game.pay(s, T, p, slot)
    game.move_card(s, slot, Zone.STACK)
    s[PLAYING] = slot
    open_window(game, s, 1 - p)
    priority_point(game, s, T)


@internal
def response_allowed(game, s, T, player, a):
    """R 8.1: in the counter window, a Negate of ``player``'s hand whose cost it can pay, while the
    chase has room (engine.chase's ``window_mask`` asks this of every action but the pass)."""
    if not in_block(a, HAND_BASE, HAND_SLOTS) or chase_full(game, s):
        return False
    i = option_of(a, HAND_BASE)
    if i >= zone_count(s, ZT, Zone.HAND, player):
        return False
    cid = s[CARD + zone_card(s, ZT, Zone.HAND, player, i) * CARD_W]
    return card_table(T)[cid, C_KIND] == CardKind.COUNTER and game.can_pay(s, T, player, cid)


@internal
def respond(game, s, T, p, slot):
    """R 8.1: a Negate is paid and goes onto the chase; then the other player may answer it (R 8.2)."""
    game.pay(s, T, p, slot)
    game.move_card(s, slot, Zone.STACK)
    s[BUILD + E_CARD] = slot
    s[BUILD + E_PLAYER] = p
    s[BUILD + E_NEGATED] = 0
    chase_push(game, s, BUILD)
    after_response(game, s, p)
    priority_point(game, s, T)


@internal
def decline(game, s, T, p):
    """R 8.3: one decline closes the window: the Negates resolve, the last first, then the card
    being played completes if it was not negated (R 8.4)."""
    r = priority_pass(game, s, p)
    while r == Priority.RESOLVE:
        game.resolve_negate(s)
        r = after_resolution(game, s)
    game.complete_play(s, T)


@internal
def resolve_negate(game, s):
    """R 8.2: a Negate negates the Negate below it on the chase or, with none below, the card being
    played (to its owner's discard); a negated Negate does nothing. It goes to the discard."""
    e = chase_pop(game, s)
    slot, negated = s[e + E_CARD], s[e + E_NEGATED]
    game.move_card(s, slot, Zone.DISCARD)
    if negated != 0:
        return
    n = chase_size(game, s)
    if n > 0:
        s[CHASE + (n - 1) * CHASE_ENTRY_W + E_NEGATED] = 1
    elif s[PLAYING] >= 0:
        game.move_card(s, s[PLAYING], Zone.DISCARD)
        s[PLAYING] = -1


@internal
def complete_play(game, s, T):
    """R 8.4: a creature still being played enters the field rested (R 6.3) and its automatic
    abilities trigger (R 11.1); a spell does what it says (R 7.1), then goes to the discard."""
    slot = s[PLAYING]
    s[PLAYING] = -1
    p = s[TURN_PLAYER]
    if slot >= 0:
        cid = s[CARD + slot * CARD_W]
        if card_table(T)[cid, C_KIND] == CardKind.CREATURE:
            game.move_card(s, slot, Zone.FIELD)
            s[RESTED + slot * CARD_W] = 1  # R 6.3: it cannot attack this turn
            trigger_abilities(game, s, T, TT, slot, p, Trigger.ENTERS, -1, False, 0)
        else:
            game.rally(s, T, p, cid)
            game.move_card(s, slot, Zone.DISCARD)
    game.continue_main(s, T)


@internal
def rally(game, s, T, p, cid):
    """R 7.1: every creature on the field that the spell's filter matches (for ``p``) gets the
    spell's bonus power until end of turn (R 7.2, rules.modifiers)."""
    frow, bonus = card_table(T)[cid, C_FILTER], card_table(T)[cid, C_BONUS]
    for q in range(2):
        n_off, l_off = zone_offsets(ZT, Zone.FIELD, q)
        for i in range(s[n_off]):
            slot = s[l_off + i]
            if frow < 0 or game.filter_match(s, T, frow, slot, p, -1):
                mod_apply(game, s, MT, slot, Mod.POWER, Duration.END_OF_TURN, bonus)


@internal
def filter_match(game, s, T, frow, slot, viewer, source):
    """R 7.1: a filter's words (rules.filters): whose creature, power at most (-1: any)."""
    f = filter_table(T)[frow]
    return (passes_side(f[F_SIDE], SIDE_OWN, SIDE_OPPONENT, s[OWNER + slot * CARD_W], viewer)
            and passes_at_most(f[F_MAX_POWER], game.power_of(s, T, slot)))


@internal
def condition_holds(s, T, cond, arg, controller, source):
    """No ability of the template game has a condition."""
    return True


@internal
def continue_main(game, s, T):
    """R 11.2: pending automatic abilities are played before the turn player acts again."""
    if play_pending_abilities(game, s, T) == NONE_PENDING:
        set_decision(s, Decision.MAIN, s[TURN_PLAYER])


@internal
def play_pending(game, s, T, player, i):
    """R 11.1: a Herald's "you may draw a card": its controller is asked (rules.choices' yes / no)."""
    s[DRAW_SOURCE] = s[pending_entry(game, s, player, i) + PE_SLOT]
    pending_remove(game, s, player, i)
    set_decision(s, Decision.OPTIONAL_DRAW, player)
    return 0


@internal
def order_pending(game, s, T, player, n):
    """Never reached: one creature enters at a time, with at most one such ability (R 11.2)."""
    return game.play_pending(s, T, player, 0)


@internal
def answer_draw(game, s, T, p, yes):
    """R 11.1: "you may draw a card", answered."""
    s[DRAW_SOURCE] = -1
    if not yes or game.draw(s, p):
        game.continue_main(s, T)
