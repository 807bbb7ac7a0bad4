"""The entry kernels the core calls (docs/architecture.md, "The contract"): a new game (5-2), the
legal actions of the pending decision, applying one. The rules are by area: turn.py (the flow,
checkpoints 4-5, phases 6, damage 4-10, rule processing 9), play.py (energy 2-11, playing 6-3,
hand keywords, [Activate] skills 8-5, the counter timing 4-7 and [Counter] 10-10), battle.py (7,
[Blocker], [Critical], [Strike], [Dual Attack], [Revenge], [Indestructible]), effects.py (skills
resolving 8-5 / 8-6, targets, tokens)."""

from tcg_env.engine.chase import window_mask
from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_NUM_DECISIONS, WINNER_DRAW
from tcg_env.engine.jit import internal_widened as internal  # one compile per function (engine.jit)
from tcg_env.engine.rng import rng_below
from tcg_env.engine.tables import card_table
from tcg_env.engine.zones import clear_zone_lists, deal_deck, zone_count, zone_offsets, zone_put, zone_shuffle
from tcg_env.games.dbscg.constants import (
    ATTACK_BASE, C_TYPE, CAND_N, FIELD_BASE, FIELD_SLOTS, HAND_BASE, HAND_SKILL_BASE, HAND_SLOTS, MAX_DECISIONS_PER_GAME,
    N_SLOTS, NUM_ACTIONS, PASS, PLAYER_SLOTS, SELECT_BASE, SKILL_BASE, SKILLS_PER_CARD, START_HAND, START_LIFE, YES,
    AbilityKind, CardType, Decision, Zone,
)
from tcg_env.games.dbscg.state import (
    ATTACKED, ATTACKER, CAND_COUNT, CARD, CARD_W, DEC_ARG, FIRST_PLAYER, FLAG_REDRAW, FLAGS, GUARD, OWNER, PLAYING,
    REDRAWN, UNDER, ZT,
)
from tcg_env.rules.choices import in_block, mask_hand, mask_options, mask_pending, mask_yes_no, option_of, zone_card


@internal
def setup_row(game, s, deck0, deck1, T):
    """5-2: each Leader front side up in its Leader Area (a deck's first card id), the 50 cards
    shuffled into the Deck Area (5-2-1-4), the first player chosen at random (5-2-1-5), six cards
    drawn (5-2-1-6), then the redraws, the first player first."""
    clear_zone_lists(s, ZT)
    for slot in range(N_SLOTS):
        s[CARD + slot * CARD_W] = -1
        s[OWNER + slot * CARD_W] = slot // PLAYER_SLOTS
        s[UNDER + slot * CARD_W] = -1
    for p in range(2):
        deck = deck0 if p == 0 else deck1
        base = p * PLAYER_SLOTS
        s[CARD + base * CARD_W] = deck[0]
        zone_put(s, ZT, base, Zone.LEADER)
        deal_deck(s, ZT, Zone.DECK, p, deck[1:], base + 1)
        zone_shuffle(s, ZT, Zone.DECK, p, s)
    s[ATTACKER] = -1
    s[GUARD] = -1
    s[ATTACKED] = -1
    s[PLAYING] = -1
    s[FIRST_PLAYER] = rng_below(s, 2)
    for p in range(2):
        game.draw(s, p, START_HAND)
    set_decision(s, Decision.REDRAW, s[FIRST_PLAYER])


@internal
def redraw_done(game, s, T, p):
    """5-2-1-6-1: the cards chosen go back, the deck is shuffled, as many drawn; then the other
    player's chance, then 5-2-1-7 eight Life cards each from the top of the deck, 5-2-1-8 the first
    player's turn."""
    n_off, l_off = zone_offsets(ZT, Zone.HAND, p)
    n = 0
    i = 0
    while i < s[n_off]:
        slot = s[l_off + i]
        if s[FLAGS + slot * CARD_W] & FLAG_REDRAW:
            s[FLAGS + slot * CARD_W] = 0
            game.move_card(s, T, slot, Zone.DECK)
            n += 1
        else:
            i += 1
    if n > 0:
        zone_shuffle(s, ZT, Zone.DECK, p, s)
        game.draw(s, p, n)
    s[REDRAWN + p] = 1
    if s[REDRAWN + 1 - p] == 0:
        set_decision(s, Decision.REDRAW, 1 - p)
        return
    for q in range(2):
        game.top_to(s, T, q, START_LIFE, Zone.LIFE, 0)
    game.begin_turn(s, s[FIRST_PLAYER])


@internal
def advance_row(game, s, T):
    """Run a row written from Python (a scenario, a snapshot) to its next decision."""
    if s[H_DONE] == 0 and s[H_DECISION] == Decision.NONE:
        game.advance(s, T)


@internal
def field_slot(s, p, i):
    """My field card ``i``: 0 the Leader, then the Battle Area; -1 none."""
    if i == 0:
        n_off, l_off = zone_offsets(ZT, Zone.LEADER, p)
    else:
        n_off, l_off = zone_offsets(ZT, Zone.BATTLE, p)
        i -= 1
    return s[l_off + i] if i < s[n_off] else -1


@internal
def legal_mask_row(game, s, T, mask):
    """The legal actions of the pending decision (0/1 into ``mask``); how many."""
    mask[:NUM_ACTIONS] = 0
    if s[H_DONE] != 0:
        return 0
    kind, p = s[H_DECISION], s[H_DECIDER]
    if kind == Decision.COUNTER:
        return window_mask(game, s, T, mask)  # 4-7-3: PASS and the pending [Counter] skills
    if kind == Decision.OPTIONAL:
        return mask_yes_no(mask, YES, PASS)
    if kind == Decision.ORDER_AUTO:
        return mask_pending(game, mask, SELECT_BASE, CAND_N, s, p)
    if kind == Decision.REDRAW or kind == Decision.CHARGE:
        mask[PASS] = 1
        n = 1 + mask_hand(mask, HAND_BASE, HAND_SLOTS, s, ZT, Zone.HAND, p)
        for i in range(min(zone_count(s, ZT, Zone.HAND, p), HAND_SLOTS)):  # 5-2-1-6: each card chosen once
            if s[FLAGS + zone_card(s, ZT, Zone.HAND, p, i) * CARD_W] & FLAG_REDRAW:
                mask[HAND_BASE + i] = 0
                n -= 1
        return n
    if kind == Decision.SELECT:
        n = mask_options(mask, SELECT_BASE, CAND_N, s[CAND_COUNT])
        if s[DEC_ARG] >= 0 and s[DEC_ARG + 2] != 0:  # "up to" (8-5-3-2)
            mask[PASS] = 1
            n += 1
        return n
    mask[PASS] = 1
    n = 1
    if kind == Decision.BLOCKER:
        for i in range(1, FIELD_SLOTS):
            slot = field_slot(s, p, i)
            if slot >= 0 and game.blocker_ok(s, T, slot):
                mask[FIELD_BASE + i] = 1
                n += 1
        return n
    battle = kind != Decision.MAIN
    for i in range(min(zone_count(s, ZT, Zone.HAND, p), HAND_SLOTS)):
        slot = zone_card(s, ZT, Zone.HAND, p, i)
        if battle:
            ok = game.can_combo(s, T, p, slot) or game.extra_skill(s, T, p, slot, AbilityKind.ACTIVATE_BATTLE) >= 0
        else:
            ok = game.can_use_hand_card(s, T, p, slot)
            if game.hand_skill_ok(s, T, p, slot):
                mask[HAND_SKILL_BASE + i] = 1
                n += 1
        if ok:
            mask[HAND_BASE + i] = 1
            n += 1
    for i in range(FIELD_SLOTS):
        slot = field_slot(s, p, i)
        if slot < 0:
            break
        if battle and i > 0 and game.can_combo(s, T, p, slot):
            mask[FIELD_BASE + i] = 1
            n += 1
        for k in range(SKILLS_PER_CARD):
            if game.field_skill(s, T, p, slot, k, battle) >= 0:
                mask[SKILL_BASE + i * SKILLS_PER_CARD + k] = 1
                n += 1
        if not battle and card_table(T)[s[CARD + slot * CARD_W], C_TYPE] != CardType.EXTRA and game.can_attack_with(s, T, p, slot):
            for j in range(FIELD_SLOTS):
                target = field_slot(s, 1 - p, j)
                if target < 0:
                    break
                if game.can_be_attacked(s, T, slot, target):
                    mask[ATTACK_BASE + i * FIELD_SLOTS + j] = 1
                    n += 1
    return n


@internal
def apply_unchecked(game, s, T, a):
    """Apply the legal action ``a``, then run the game to its next decision or its end."""
    kind, p = s[H_DECISION], s[H_DECIDER]
    s[H_DECISION] = Decision.NONE
    s[H_NUM_DECISIONS] += 1
    hand = zone_card(s, ZT, Zone.HAND, p, option_of(a, HAND_BASE)) if in_block(a, HAND_BASE, HAND_SLOTS) else -1
    if kind == Decision.REDRAW:
        if a == PASS:
            game.redraw_done(s, T, p)
        else:
            s[FLAGS + hand * CARD_W] |= FLAG_REDRAW
            set_decision(s, Decision.REDRAW, p)
    elif kind == Decision.CHARGE:
        game.charge_energy(s, T, p, hand)
    elif kind == Decision.COUNTER:
        if a == PASS:
            game.decline(s, T, p)
        else:
            game.activate_counter(s, T, p, hand)
    elif kind == Decision.BLOCKER:
        game.block(s, T, -1 if a == PASS else field_slot(s, p, option_of(a, FIELD_BASE)))
    elif kind == Decision.OPTIONAL:
        game.answer_optional(s, T, a == YES)
    elif kind == Decision.ORDER_AUTO:
        game.play_pending(s, T, p, option_of(a, SELECT_BASE))
    elif kind == Decision.SELECT:
        game.answer_select(s, T, p, -1 if a == PASS else option_of(a, SELECT_BASE))
    elif a == PASS:
        if kind == Decision.MAIN:
            game.end_main(s, T)
        else:
            game.offence_done(s, T)
    elif hand >= 0:
        if kind == Decision.MAIN:
            game.use_hand_card(s, T, p, hand)
        elif card_table(T)[s[CARD + hand * CARD_W], C_TYPE] == CardType.BATTLE:
            game.combo(s, T, p, hand)
        else:
            game.activate_extra(s, T, p, hand, game.extra_skill(s, T, p, hand, AbilityKind.ACTIVATE_BATTLE))
    elif in_block(a, HAND_SKILL_BASE, HAND_SLOTS):
        game.use_hand_skill(s, T, p, zone_card(s, ZT, Zone.HAND, p, option_of(a, HAND_SKILL_BASE)))
    elif in_block(a, FIELD_BASE, FIELD_SLOTS):
        game.combo(s, T, p, field_slot(s, p, option_of(a, FIELD_BASE)))
    elif a >= SKILL_BASE:
        i, k = divmod(option_of(a, SKILL_BASE), SKILLS_PER_CARD)
        slot = field_slot(s, p, i)
        game.activate_skill(s, T, p, slot, game.field_skill(s, T, p, slot, k, kind != Decision.MAIN))
    else:
        i, j = divmod(option_of(a, ATTACK_BASE), FIELD_SLOTS)
        game.attack(s, T, p, field_slot(s, p, i), field_slot(s, 1 - p, j))
    game.advance(s, T)
    if s[H_DONE] == 0 and s[H_NUM_DECISIONS] >= MAX_DECISIONS_PER_GAME:
        end_game(s, WINNER_DRAW)  # 11-1-2: a safety net for a loop nobody stops

