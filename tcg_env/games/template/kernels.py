"""The template game's entry kernels, which the core calls (docs/architecture.md, "The contract"):
a new game (R 3), the legal actions of the pending decision, applying one. The rules themselves
are in turn.py and play.py; every rules kernel takes the game's tag first and calls the others
through it (``game.draw(s, p)``), so a rules variant can replace any of them."""

from tcg_env.engine.chase import window_mask
from tcg_env.engine.decisions import end_game
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_NUM_DECISIONS, WINNER_DRAW
from tcg_env.engine.jit import internal
from tcg_env.engine.rng import rng_below
from tcg_env.engine.zones import clear_zone_lists, deal_deck, zone_count, zone_offsets, zone_shuffle
from tcg_env.games.template.constants import (
    DECK_SIZE, FIELD_BASE, FIELD_SLOTS, HAND_BASE, HAND_SLOTS, MAX_DECISIONS_PER_GAME, N_SLOTS, NUM_ACTIONS, PASS,
    START_HAND, START_LIFE, YES, Decision, Zone,
)
from tcg_env.games.template.state import (
    ATTACKER, CARD, CARD_W, DRAW_SOURCE, FIRST_PLAYER, LIFE, PLAYING, RESTED, ZT,
)
from tcg_env.rules.choices import mask_hand, mask_yes_no, option_of, zone_card


@internal
def setup_row(game, s, deck0, deck1, T):
    """R 3: the decks (checked to hold DECK_SIZE cards) shuffled, four cards drawn each (R 3.1),
    the first player drawn at random (R 3.2), whose turn begins."""
    for slot in range(N_SLOTS):
        s[CARD + slot * CARD_W] = -1
    clear_zone_lists(s, ZT)
    s[ATTACKER] = -1
    s[PLAYING] = -1
    s[DRAW_SOURCE] = -1
    for p in range(2):
        s[LIFE + p] = START_LIFE
        deal_deck(s, ZT, Zone.DECK, p, deck0 if p == 0 else deck1, p * DECK_SIZE)
        zone_shuffle(s, ZT, Zone.DECK, p, s)
    for p in range(2):
        for _ in range(START_HAND):
            game.draw(s, p)
    s[FIRST_PLAYER] = rng_below(s, 2)
    game.begin_turn(s, s[FIRST_PLAYER])


@internal
def advance_row(s, T):
    """Nothing runs between decisions: a row written from Python (a scenario) is at one already."""
    return None


@internal
def legal_mask_row(game, s, T, mask):
    """The legal actions of the pending decision (0/1 into ``mask``); how many."""
    mask[:NUM_ACTIONS] = 0
    if s[H_DONE] != 0:
        return 0
    kind, p = s[H_DECISION], s[H_DECIDER]
    if kind == Decision.COUNTER:
        return window_mask(game, s, T, mask)  # R 8.1: the pass and each Negate allowed
    if kind == Decision.OPTIONAL_DRAW:
        return mask_yes_no(mask, YES, PASS)  # R 11.1
    if kind == Decision.DISCARD:
        return mask_hand(mask, HAND_BASE, HAND_SLOTS, s, ZT, Zone.HAND, p)  # R 10.1
    mask[PASS] = 1  # MAIN: end the turn (R 5.4); BLOCK: no block (R 9.2)
    n = 1
    n_off, l_off = zone_offsets(ZT, Zone.FIELD, p)
    for i in range(min(s[n_off], FIELD_SLOTS)):
        if s[RESTED + s[l_off + i] * CARD_W] == 0:  # R 5.3 / R 9.2: a ready creature attacks or blocks
            mask[FIELD_BASE + i] = 1
            n += 1
    if kind == Decision.MAIN:
        for i in range(min(zone_count(s, ZT, Zone.HAND, p), HAND_SLOTS)):
            if game.can_play(s, T, p, zone_card(s, ZT, Zone.HAND, p, i)):  # R 5.1
                mask[HAND_BASE + i] = 1
                n += 1
    return n


@internal
def apply_unchecked(game, s, T, a):
    """Apply the legal action ``a``, then run the game to its next decision or its end."""
    kind, p = s[H_DECISION], s[H_DECIDER]
    s[H_NUM_DECISIONS] += 1
    if kind == Decision.MAIN:
        if a == PASS:
            game.end_turn(s)
        elif a >= FIELD_BASE:
            game.attack(s, T, p, zone_card(s, ZT, Zone.FIELD, p, option_of(a, FIELD_BASE)))
        else:
            game.play_card(s, T, p, zone_card(s, ZT, Zone.HAND, p, option_of(a, HAND_BASE)))
    elif kind == Decision.COUNTER:
        if a == PASS:
            game.decline(s, T, p)
        else:
            game.respond(s, T, p, zone_card(s, ZT, Zone.HAND, p, option_of(a, HAND_BASE)))
    elif kind == Decision.BLOCK:
        blocker = -1 if a == PASS else zone_card(s, ZT, Zone.FIELD, p, option_of(a, FIELD_BASE))
        game.resolve_battle(s, T, blocker)
    elif kind == Decision.OPTIONAL_DRAW:
        game.answer_draw(s, T, p, a == YES)
    else:  # DISCARD (R 10.1), then the end of the turn goes on
        game.move_card(s, zone_card(s, ZT, Zone.HAND, p, option_of(a, HAND_BASE)), Zone.DISCARD)
        game.end_turn(s)
    if s[H_DONE] == 0 and s[H_NUM_DECISIONS] >= MAX_DECISIONS_PER_GAME:
        end_game(s, WINNER_DRAW)  # a safety net no real game reaches
