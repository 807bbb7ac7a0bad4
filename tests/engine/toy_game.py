"""A toy game written against the engine core's contract (``tcg_env.engine.hooks``), so the core's
own behaviour is tested apart from any real game's rules (tests/engine/test_core.py,
tests/engine/test_zones.py).

Nim: a pile of as many tokens as the two decks have cards; the players take 1 or 2 tokens in turn
(action 0: one, action 1: two); whoever takes the last token wins. Each player also holds a secret,
the first card id of its deck, that the other player does not see. The decks' cards (up to
``MAX_DECK`` each) are dealt into zones through the core's zone table: each deck shuffled, one card
drawn into the hand; they take no part in the play.
"""

from enum import IntEnum

from numba import njit

from tcg_env.engine.decisions import end_game, set_decision
from tcg_env.engine.header import H_DECIDER, H_DONE, H_NUM_DECISIONS
from tcg_env.engine.hooks import Rules
from tcg_env.engine.layout import StateLayout
from tcg_env.engine.rng import rng_below
from tcg_env.engine.zones import (
    Seen,
    ZoneTable,
    clear_zone_lists,
    deal_deck,
    deal_hidden,
    zone_count,
    zone_move,
    zone_offsets,
    zone_shuffle,
)


class Zone(IntEnum):
    NONE = 0
    DECK = 1
    HAND = 2
    DISCARD = 3
    REVEALED = 4  # a zone without a list: only the card's record names it


# The kernels below name zones by these plain ints, not by ``Zone.DECK``: a core kernel called
# with an enum member is compiled (and cached on disk, in the core's index) for the enum's type,
# and a type of this test module could not be read back by a process without tests/engine on its
# path. A game's own enums (tcg_env.games.<game>.constants) import everywhere and need no copy
DECK, HAND, DISCARD, REVEALED = (int(z) for z in (Zone.DECK, Zone.HAND, Zone.DISCARD, Zone.REVEALED))


NUM_ACTIONS = 2  # take one token, take two
MAX_DECK = 8
N_SLOTS = 2 * MAX_DECK  # player p's cards in slots [p * MAX_DECK, p * MAX_DECK + deck size)

LAYOUT = StateLayout("toy")
PILE = LAYOUT.add("pile")  # tokens left
SECRET = LAYOUT.add("secret", 2)  # each player's secret
DECK_N = LAYOUT.add("deck_count", 2)
HAND_N = LAYOUT.add("hand_count", 2)
DISCARD_N = LAYOUT.add("discard_count", 2)
DECK_L = LAYOUT.add("deck", (2, MAX_DECK))
HAND_L = LAYOUT.add("hand", (2, MAX_DECK))
DISCARD_L = LAYOUT.add("discard", (2, MAX_DECK))
CARD, OWNER, ZONE = LAYOUT.add_records(N_SLOTS, ["card_id", "owner", "zone"])
CARD_W = 3
STATE_SIZE = LAYOUT.size

ZONES = ZoneTable(LAYOUT, Zone, card=CARD, owner=OWNER, zone=ZONE)
# who sees what: a deck face down, a hand its owner's; the opponent knows the cards the two hold
# between them (its deck list), not which is where: one pile
ZONES.add(Zone.DECK, DECK_N, DECK_L, seen_by=Seen.NOBODY, pile="library")
ZONES.add(Zone.HAND, HAND_N, HAND_L, seen_by=Seen.HOLDER, pile="library")
ZONES.add(Zone.DISCARD, DISCARD_N, DISCARD_L)
ZT = ZONES.compile()

OBS_SIZE = 3  # pile, "my turn", my secret
DECISION_TAKE = 1

RULES = Rules(__name__)


@njit(cache=True)
def setup_row(s, deck0, deck1, T):
    s[PILE] = deck0.shape[0] + deck1.shape[0]
    s[SECRET] = deck0[0] if deck0.shape[0] > 0 else 0
    s[SECRET + 1] = deck1[0] if deck1.shape[0] > 0 else 0
    for slot in range(N_SLOTS):
        s[CARD + slot * CARD_W] = -1
    clear_zone_lists(s, ZT)
    for p in range(2):
        deck = deck0 if p == 0 else deck1
        deal_deck(s, ZT, DECK, p, deck[:MAX_DECK], p * MAX_DECK)
        zone_shuffle(s, ZT, DECK, p, s)
    for p in range(2):
        if zone_count(s, ZT, DECK, p) > 0:  # draw the top card
            n_off, l_off = zone_offsets(ZT, DECK, p)
            zone_move(s, ZT, s[l_off + s[n_off] - 1], HAND)
    set_decision(s, DECISION_TAKE, rng_below(s, 2))


@njit(cache=True)
def legal_mask_row(s, T, mask):
    n = 0
    for a in range(NUM_ACTIONS):
        mask[a] = 1 if s[H_DONE] == 0 and s[PILE] >= a + 1 else 0
        n += mask[a]
    return n


@njit(cache=True)
def apply_unchecked(game, s, T, a):
    """Rules kernels take the game's tag first and call each other's rules through it
    (``game.take_tokens``), so a variant that replaces a rule deep in the call tree is reached
    (toy_game_misere.py replaces ``last_token_taken`` only)."""
    s[H_NUM_DECISIONS] += 1
    game.take_tokens(s, a + 1)


@njit(cache=True)
def take_tokens(game, s, n):
    s[PILE] -= n
    if s[PILE] == 0:
        game.last_token_taken(s)
    else:
        s[H_DECIDER] = 1 - s[H_DECIDER]


@njit(cache=True)
def last_token_taken(s):
    """Whoever takes the last token wins (a kernel that calls no rule need not take the tag)."""
    end_game(s, s[H_DECIDER])


@njit(cache=True)
def advance_row(s, T):
    """Nothing runs between decisions in this game: a decision is pending until the end."""
    return None


@njit(cache=True)
def observe_into(s, T, player, obs, over_previous):
    obs[0] = s[PILE]
    obs[1] = 1.0 if s[H_DECIDER] == player else 0.0
    obs[2] = s[SECRET + player]


@njit(cache=True)
def observe_row(s, T, player, obs):
    observe_into(s, T, player, obs, False)


@njit(cache=True)
def heuristic_action(s, T, mask, n_legal, rng_row):
    """The winning move (leave a multiple of three), else take one."""
    r = s[PILE] % 3
    return r - 1 if r > 0 and mask[r - 1] != 0 else 0


@njit(cache=True)
def resample_hidden(s, T, player, rng_row):
    """The opponent's secret drawn anew; the zones ``player`` cannot see dealt anew by their
    declaration (the opponent's hand and deck as one pile, ``player``'s own deck)."""
    s[SECRET + 1 - player] = rng_below(rng_row, 1000)
    deal_hidden(s, ZT, player, rng_row)
