"""Weiss Schwarz zones and cards: the per-card slot records and the moves between zones.

The lowest layer of the rules kernels (``zones`` <- ``filters`` <- ``characteristics`` <- ``costs`` <-
``triggers`` <- ``play`` <- ``battle`` <- ``rule_processes`` <- ``effects`` <- ``turn`` <- ``kernels``).
It implements:

* CR 3 zones: the ordered list zones (3.2 deck, 3.3 hand, 3.4 waiting room, 3.8 clock, 3.9 level,
  3.10 stock, 3.11 climax area, 3.12 memory, 3.13 resolution zone), the stage positions (3.5 / 3.6,
  facing 3.6.5) and the marker area (3.7); 4.2 owner; 4.7 drawing; paying stock (8.4.3).
* CR 9.2 the refresh, the interrupt that happens inside the moves that empty a deck.
* the climax slots of a deck (``list_climax_slots``, read by the observation).

Comments cite the comprehensive rules v2.03 as ``CR x.y``.
"""

from tcg_env.engine.tables import card_table, flag_table
from tcg_env.engine.jit import internal, internal_inline
from tcg_env.engine.zones import zone_put, zone_shuffle, zone_take
from tcg_env.rules.modifiers import mod_forget
from tcg_env.games.weiss_schwarz import constants as K
from tcg_env.games.weiss_schwarz.state import (
    CARD,
    CARD_W,
    CX_SLOTS,
    CX_SLOT_N,
    DECK_L,
    DECK_N,
    LEVEL_N,
    MARKER_N,
    MARK_BITS,
    MEMORY_MARK,
    MT,
    OWNER,
    POS,
    REFRESH_POINT,
    STAGE,
    STOCK_L,
    STOCK_N,
    WR_L,
    WR_N,
    ZONE,
    ZT,
)


@internal_inline
def has_hand_abilities(T, cid):
    """The pool's flags (cards.ws_kernel_flags): card ``cid`` has a CONT ability that works from the
    hand, so its level / colour requirement in the hand may differ from the printed ones
    (play.hand_level, hand_no_color_req); checked where they are asked, without a call."""
    return (flag_table(T)[cid, K.FL_MISC] & K.FLAG_HAND_CONT) != 0


@internal_inline
def pool_may_trigger(T, trig):
    """The pool's flags: some AUTO ability of the pool (granted ones included) has Trigger ``trig``."""
    F = flag_table(T)
    return (F[F.shape[0] - 1, K.FL_TRIG + trig // 31] >> (trig % 31)) & 1 != 0


@internal
def cid_of(s, slot):
    return s[CARD + slot * CARD_W]


@internal
def owner_of(s, slot):
    return s[OWNER + slot * CARD_W]


@internal
def memory_mark_set(s, slot, on):
    """(Session 34) Set or clear card ``slot``'s mark of a delayed ability to come (state.MEMORY_MARK, CR 8.7.5)."""
    i = slot % K.MAX_DECK
    w = MEMORY_MARK + owner_of(s, slot) * ((K.MAX_DECK + MARK_BITS - 1) // MARK_BITS) + i // MARK_BITS
    if on:
        s[w] |= 1 << (i % MARK_BITS)
    else:
        s[w] &= ~(1 << (i % MARK_BITS))


@internal
def memory_marked(s, slot):
    """Whether card ``slot`` holds the mark of memory_mark_set (it stays in the memory since it was set)."""
    i = slot % K.MAX_DECK
    w = MEMORY_MARK + owner_of(s, slot) * ((K.MAX_DECK + MARK_BITS - 1) // MARK_BITS) + i // MARK_BITS
    return (s[w] >> (i % MARK_BITS)) & 1 != 0


@internal
def take_from_zone(s, slot):
    """Remove ``slot`` from wherever it is (markers under a leaving character go to the waiting
    room with it, CR 3.7.3.2)."""
    z = s[ZONE + slot * CARD_W]
    p = owner_of(s, slot)
    if z == K.Zone.STAGE:
        pos = s[POS + slot * CARD_W]
        s[STAGE + p * K.N_POSITIONS + pos] = -1
        if s[MARKER_N + p * K.N_POSITIONS + pos] > 0:
            for m in range(K.N_SLOTS):
                if s[ZONE + m * CARD_W] == K.Zone.MARKER and s[POS + m * CARD_W] == pos and owner_of(s, m) == p:
                    s[POS + m * CARD_W] = -1
                    zone_put(s, ZT, m, K.Zone.WAITING_ROOM)
            s[MARKER_N + p * K.N_POSITIONS + pos] = 0
    elif z == K.Zone.MARKER:
        s[MARKER_N + p * K.N_POSITIONS + s[POS + slot * CARD_W]] -= 1
    elif z == K.Zone.MEMORY:  # (session 34) a card that leaves the memory is a new card (CR 3.1.4): no mark
        i = slot % K.MAX_DECK
        s[MEMORY_MARK + p * ((K.MAX_DECK + MARK_BITS - 1) // MARK_BITS) + i // MARK_BITS] &= ~(1 << (i % MARK_BITS))
    zone_take(s, ZT, slot)  # out of its list, if its zone has one


@internal
def put_in_zone(game, s, slot, z):
    """Put ``slot`` on top of list zone ``z`` of its owner (CR 3.1.6)."""
    game.take_from_zone(s, slot)
    mod_forget(s, MT, slot)  # CR 3.1.4: a card that changes zones is a new card; its effects are gone
    zone_put(s, ZT, slot, z)


@internal
def put_on_deck_bottom(game, s, slot):
    """Put ``slot`` at the bottom of its owner's deck (the deck list's first card)."""
    game.take_from_zone(s, slot)
    mod_forget(s, MT, slot)  # CR 3.1.4
    q = owner_of(s, slot)
    s[ZONE + slot * CARD_W] = K.Zone.DECK
    n_d = s[DECK_N + q]
    for j in range(n_d, 0, -1):
        s[DECK_L + q * K.MAX_DECK + j] = s[DECK_L + q * K.MAX_DECK + j - 1]
    s[DECK_L + q * K.MAX_DECK] = slot
    s[DECK_N + q] = n_d + 1


@internal
def refresh_if_empty(s, p):
    """CR 9.2 (interrupt): an empty deck takes the whole waiting room, shuffled; refresh point +1.
    CR 9.2.2.1: with an empty waiting room too (and no climax in the resolution zone during a
    damage process) the player loses."""
    if s[DECK_N + p] > 0:
        return
    n = s[WR_N + p]
    if n == 0:
        return  # CR 9.2.2.1: the losing verdict (9.4.1.2) sees both zones empty
    for i in range(n):
        slot = s[WR_L + p * K.MAX_DECK + i]
        s[DECK_L + p * K.MAX_DECK + i] = slot
        s[WR_L + p * K.MAX_DECK + i] = -1
        s[ZONE + slot * CARD_W] = K.Zone.DECK
    s[DECK_N + p] = n
    s[WR_N + p] = 0
    zone_shuffle(s, ZT, K.Zone.DECK, p, s)
    s[REFRESH_POINT + p] += 1


@internal
def deck_top(game, s, p):
    """The top card of p's deck (refreshing first if needed), or -1."""
    game.refresh_if_empty(s, p)
    n = s[DECK_N + p]
    if n == 0:
        return -1
    return s[DECK_L + p * K.MAX_DECK + n - 1]


@internal
def move_top_of_deck(game, s, p, z):
    slot = game.deck_top(s, p)
    if slot < 0:
        return -1
    game.put_in_zone(s, slot, z)
    game.refresh_if_empty(s, p)  # CR 9.2.1: refresh as soon as the deck is empty
    return slot


@internal
def draw_cards(game, s, p, n):
    for _ in range(n):
        if game.move_top_of_deck(s, p, K.Zone.HAND) < 0:
            return


@internal
def player_level(s, p):
    return s[LEVEL_N + p]


@internal
def pay_stock(game, s, p, n):
    """CR 8.4.3: n cards from the top of the stock to the waiting room."""
    for _ in range(n):
        slot = s[STOCK_L + p * K.MAX_DECK + s[STOCK_N + p] - 1]
        game.put_in_zone(s, slot, K.Zone.WAITING_ROOM)


@internal
def stage_slot(s, p, pos):
    return s[STAGE + p * K.N_POSITIONS + pos]


@internal
def facing_slot(s, p, pos):
    """CR 3.6.5: the opponent's character facing my center position ``pos`` (or -1)."""
    if pos >= K.N_CENTER:
        return -1
    return s[STAGE + (1 - p) * K.N_POSITIONS + (K.N_CENTER - 1 - pos)]


@internal
def make_marker(game, s, slot, p, pos):
    """``slot`` (owned by ``p``, already out of its zone) becomes a marker under position ``pos``."""
    mod_forget(s, MT, slot)
    s[ZONE + slot * CARD_W] = K.Zone.MARKER
    s[POS + slot * CARD_W] = pos
    s[MARKER_N + p * K.N_POSITIONS + pos] += 1


@internal
def stage_char_to_marker(game, s, slot):
    """The character leaves its position and becomes a marker there, its markers staying put
    (Fusion 10.14.1.1, Sunder 10.15.2)."""
    p = owner_of(s, slot)
    pos = s[POS + slot * CARD_W]
    s[STAGE + p * K.N_POSITIONS + pos] = -1
    game.make_marker(s, slot, p, pos)


@internal
def rehome_markers(s, p, src_pos, dst_pos):
    if src_pos == dst_pos:
        return
    for m in range(K.N_SLOTS):
        if s[ZONE + m * CARD_W] == K.Zone.MARKER and owner_of(s, m) == p and s[POS + m * CARD_W] == src_pos:
            s[POS + m * CARD_W] = dst_pos
    s[MARKER_N + p * K.N_POSITIONS + dst_pos] += s[MARKER_N + p * K.N_POSITIONS + src_pos]
    s[MARKER_N + p * K.N_POSITIONS + src_pos] = 0


K_DRAW = 2


@internal
def list_climax_slots(s, T, p):
    """CX_SLOTS: player p's card slots that hold climax cards, in slot order (derived from the card
    ids; the observation counts climax cards per zone through it)."""
    cards = card_table(T)
    n = 0
    for slot in range(p * K.MAX_DECK, (p + 1) * K.MAX_DECK):
        c = s[CARD + slot * CARD_W]
        if c >= 0 and cards[c, K.C_TYPE] == K.CardType.CLIMAX:
            s[CX_SLOTS + p * K.MAX_DECK + n] = slot
            n += 1
    for i in range(n, K.MAX_DECK):
        s[CX_SLOTS + p * K.MAX_DECK + i] = -1
    s[CX_SLOT_N + p] = n
