"""The core's zone table (tcg_env.engine.zones) and decision helpers (tcg_env.engine.decisions),
on the toy game's deck / hand / discard (toy_game.py): moves keep the lists, counts and each card's
zone record consistent; deal_anew re-deals ids without touching the lists; shuffles draw from the
RNG row they are given; zone_lists reads what the kernels wrote."""

from __future__ import annotations

import numpy as np
import pytest
import toy_game as toy
from numba import njit

from tcg_env.engine import decisions, zones
from tcg_env.engine.header import H_DECIDER, H_DECISION, H_DONE, H_RNG, H_WINNER, HEADER_SIZE, WINNER_DRAW
from tcg_env.engine.layout import StateLayout
from tcg_env.engine.rng import rng_below, rng_seed_one
from tcg_env.engine.zones import Seen, ZoneTable, zone_lists

Z = toy.Zone
ZT = toy.ZT


# the core's zone kernels are kernel-only (tcg_env.engine.jit.internal): the tests call them through
# these, with zone ids as plain ints (toy_game.py says why)
@njit
def _put(s, zt, slot, z):
    zones.zone_put(s, zt, slot, z)


@njit
def _move(s, zt, slot, z):
    return zones.zone_move(s, zt, slot, z)


@njit
def _count(s, zt, z, p):
    return zones.zone_count(s, zt, z, p)


@njit
def _offsets(zt, z, p):
    return zones.zone_offsets(zt, z, p)


@njit
def _shuffle(s, zt, z, p, rng_row):
    zones.zone_shuffle(s, zt, z, p, rng_row)


def put(s, zt, slot, z):
    _put(s, zt, slot, int(z))


def move(s, zt, slot, z):
    return _move(s, zt, slot, int(z))


def count(s, zt, z, p):
    return _count(s, zt, int(z), p)


def offsets(zt, z, p):
    return _offsets(zt, int(z), p)


def shuffle(s, zt, z, p, rng_row):
    _shuffle(s, zt, int(z), p, rng_row)


@njit
def take(s, zt, slot):
    return zones.zone_take(s, zt, slot)


@njit
def deal_anew_hand_deck(s, zt, p, rng_row):
    zones.deal_anew(s, zt, p, (toy.HAND, toy.DECK), rng_row)


@njit
def deal_anew_all(s, zt, p, rng_row):
    zones.deal_anew(s, zt, p, (toy.HAND, toy.DECK, toy.DISCARD), rng_row)


@njit
def two_list_deal_reference(s, p, rng_row):
    """The loop FF-TCG's resample_hidden dealt the opponent's hand + deck with before the core had
    deal_anew: deal_anew must draw the same numbers in the same order (the golden hashes)."""
    nh = s[toy.HAND_N + p]
    n = nh + s[toy.DECK_N + p]
    for i in range(n - 1, 0, -1):
        j = rng_below(rng_row, i + 1)
        si = s[toy.HAND_L + p * toy.MAX_DECK + i] if i < nh else s[toy.DECK_L + p * toy.MAX_DECK + (i - nh)]
        sj = s[toy.HAND_L + p * toy.MAX_DECK + j] if j < nh else s[toy.DECK_L + p * toy.MAX_DECK + (j - nh)]
        t = s[toy.CARD + si * toy.CARD_W]
        s[toy.CARD + si * toy.CARD_W] = s[toy.CARD + sj * toy.CARD_W]
        s[toy.CARD + sj * toy.CARD_W] = t


@njit
def decide(s, kind, player):
    decisions.set_decision(s, kind, player)


@njit
def finish(s, winner):
    decisions.end_game(s, winner)


def dealt_row(seed: int = 3, n0: int = 6, n1: int = 5) -> np.ndarray:
    """A toy row after setup: each player's cards (ids 100 + slot) shuffled into the deck, one drawn."""
    s = np.zeros(toy.STATE_SIZE, np.int32)
    rng_seed_one(s, seed)
    toy.setup_row(s, 100 + np.arange(n0, dtype=np.int32), 100 + toy.MAX_DECK + np.arange(n1, dtype=np.int32),
                  np.zeros((1, 1), np.int32))
    return s


def rng_row(seed: int) -> np.ndarray:
    r = np.zeros(HEADER_SIZE, np.int32)
    rng_seed_one(r, seed)
    return r


def assert_consistent(s: np.ndarray) -> None:
    """Every held card is listed exactly once, in the list its zone record names, of its owner."""
    lists = zone_lists(s, toy.ZONES)
    names = toy.ZONES.names()
    where = {}
    for (p, name), slots in lists.items():
        assert len(slots) == s[{"deck": toy.DECK_N, "hand": toy.HAND_N, "discard": toy.DISCARD_N}[name] + p]
        for slot in slots:
            assert slot not in where
            where[slot] = (p, name)
    for slot in range(toy.N_SLOTS):
        if s[toy.CARD + slot * toy.CARD_W] < 0:
            continue
        z = int(s[toy.ZONE + slot * toy.CARD_W])
        if z in names:
            assert where[slot] == (int(s[toy.OWNER + slot * toy.CARD_W]), names[z])
        else:
            assert slot not in where


def test_the_table_compiles_the_layouts_offsets_and_names_each_list_after_its_run():
    assert ZT[zones.ZT_CARD_W] == toy.CARD_W and ZT[zones.ZT_ZONE] == toy.ZONE and ZT[zones.ZT_OWNER] == toy.OWNER
    assert toy.ZONES.names() == {Z.DECK: "deck", Z.HAND: "hand", Z.DISCARD: "discard"}
    assert offsets(ZT, Z.HAND, 1) == (toy.HAND_N + 1, toy.HAND_L + toy.MAX_DECK)
    assert offsets(ZT, Z.DISCARD, 0) == (toy.DISCARD_N, toy.DISCARD_L)
    assert not ZT.flags.writeable  # numba freezes a module-level array only if nothing writes it


def test_a_table_refuses_fields_that_are_not_a_zones_count_or_run():
    layout = StateLayout("bad")
    n = layout.add("n", 2)
    run = layout.add("run", (2, 4))
    one = layout.add("one")
    card, owner, zone = layout.add_records(8, ["card", "owner", "zone"])
    t = ZoneTable(layout, Z, card=card, owner=owner, zone=zone)
    with pytest.raises(ValueError, match="offset .* is not a count field"):
        t.add(Z.DECK, one, run)
    with pytest.raises(ValueError, match="offset .* is not a run field"):
        t.add(Z.DECK, n, n)
    t.add(Z.DECK, n, run)
    with pytest.raises(ValueError, match="declared twice"):
        t.add(Z.DECK, n, run)
    with pytest.raises(ValueError, match="not in the card records"):
        ZoneTable(layout, Z, card=card, owner=one, zone=zone)


def _fields(layout):
    return [(f.name, f.offset, f.shape, f.stride) for f in layout.fields.values()]


def test_zone_lists_declare_each_zone_once_as_the_toy_declares_it_by_hand():
    """ZoneLists: the count words first (``counts``), then each zone's run where it is declared,
    and a table that is the hand-written one (toy_game.py): the same row, ZT and hidden piles."""
    layout = StateLayout("toy")
    layout.add("pile")
    layout.add("secret", 2)
    lists = zones.ZoneLists(layout)
    lists.counts("deck", "hand", "discard")
    deck = lists.declare(Z.DECK, "deck", toy.MAX_DECK, seen_by=zones.Seen.NOBODY, pile="library")
    hand = lists.declare(Z.HAND, "hand", toy.MAX_DECK, seen_by=zones.Seen.HOLDER, pile="library")
    discard = lists.declare(Z.DISCARD, "discard", toy.MAX_DECK)
    card, owner, zone = layout.add_records(toy.N_SLOTS, ["card_id", "owner", "zone"])
    table = lists.table(Z, card=card, owner=owner, zone=zone)
    assert (deck, hand, discard) == ((toy.DECK_N, toy.DECK_L), (toy.HAND_N, toy.HAND_L), (toy.DISCARD_N, toy.DISCARD_L))
    assert _fields(layout) == _fields(toy.LAYOUT) and layout.size == toy.LAYOUT.size
    assert np.array_equal(table.compile(), ZT)
    assert [table.hidden_piles(v) for v in (0, 1)] == [toy.ZONES.hidden_piles(v) for v in (0, 1)]


def test_zone_lists_keep_count_and_run_together_name_record_fields_and_order_the_table():
    """Without ``counts`` a zone's count word comes right before its run; ``count=`` names a count
    word that is not ``<run>_count``; a holder given by its record field's name is that field; and
    ``first`` puts zones first in the table, which is the order deal_hidden deals a pile in."""
    layout = StateLayout("pairs")
    lists = zones.ZoneLists(layout)
    deck_n, deck_l = lists.declare(Z.DECK, "deck", 4, seen_by=zones.Seen.NOBODY, pile="p")
    hand_n, hand_l = lists.declare(Z.HAND, "hand", 4, seen_by=zones.Seen.HOLDER, pile="p")
    disc_n, disc_l = lists.declare(Z.DISCARD, "discard_pile", 4, count="discards", holder="controller")
    assert (deck_l, hand_n, hand_l) == (deck_n + 2, deck_l + 8, hand_n + 2)
    assert (layout.fields["discards"].offset, disc_l) == (disc_n, disc_n + 2)
    card, owner, zone, controller = layout.add_records(8, ["card_id", "owner", "zone", "controller"])
    table = lists.table(Z, card=card, owner=owner, zone=zone, first=(Z.HAND,))
    assert list(table.lists) == [Z.HAND, Z.DECK, Z.DISCARD]
    assert table.hidden_piles(0)[0] == (1, (Z.HAND, Z.DECK))
    assert table.lists[Z.DISCARD][4] == controller and table.lists[Z.DECK][4] == owner


def test_setup_deals_each_deck_through_the_table_shuffled_and_draws_one():
    s = dealt_row()
    assert_consistent(s)
    assert [count(s, ZT, Z.DECK, p) for p in (0, 1)] == [5, 4] and [count(s, ZT, Z.HAND, p) for p in (0, 1)] == [1, 1]
    lists = zone_lists(s, toy.ZONES)
    assert sorted(lists[(0, "deck")] + lists[(0, "hand")]) == list(range(6))  # deal_deck: slots p * MAX_DECK ..
    assert [int(s[toy.CARD + sl * toy.CARD_W]) for sl in range(6)] == list(range(100, 106))
    for (p, name), slots in lists.items():  # clear_zone_lists: every run -1 past its cards
        run = {"deck": toy.DECK_L, "hand": toy.HAND_L, "discard": toy.DISCARD_L}[name] + p * toy.MAX_DECK
        assert (s[run + len(slots) : run + toy.MAX_DECK] == -1).all()
    assert sorted(lists[(1, "deck")] + lists[(1, "hand")]) == list(range(8, 13))
    decks = {tuple(zone_lists(dealt_row(seed=k), toy.ZONES)[(0, "deck")]) for k in range(8)}
    assert len(decks) > 1  # the shuffle drew from the row's RNG, which the seed sets


def test_put_take_and_move_keep_lists_counts_and_zone_records_consistent():
    s = dealt_row()
    r = np.random.default_rng(0)
    held = [sl for sl in range(toy.N_SLOTS) if s[toy.CARD + sl * toy.CARD_W] >= 0]
    for _ in range(300):
        slot = int(r.choice(held))
        z = Z(int(r.choice([Z.DECK, Z.HAND, Z.DISCARD, Z.REVEALED])))
        before = int(s[toy.ZONE + slot * toy.CARD_W])
        assert move(s, ZT, slot, z) == before
        assert s[toy.ZONE + slot * toy.CARD_W] == z
        if z != Z.REVEALED:  # put on top of the owner's list
            n_off, l_off = offsets(ZT, z, int(s[toy.OWNER + slot * toy.CARD_W]))
            assert s[l_off + s[n_off] - 1] == slot
        assert_consistent(s)
    assert sum(len(v) for v in zone_lists(s, toy.ZONES).values()) + sum(
        int(s[toy.ZONE + sl * toy.CARD_W]) == Z.REVEALED for sl in held) == len(held)


def test_take_keeps_the_order_of_the_rest_and_leaves_the_card_in_no_zone():
    s = dealt_row()
    deck = zone_lists(s, toy.ZONES)[(0, "deck")]
    assert take(s, ZT, deck[1]) == Z.DECK
    assert zone_lists(s, toy.ZONES)[(0, "deck")] == deck[:1] + deck[2:]
    assert s[toy.ZONE + deck[1] * toy.CARD_W] == zones.ZONE_NONE
    assert take(s, ZT, deck[1]) == zones.ZONE_NONE  # from no zone: nothing else changes
    assert zone_lists(s, toy.ZONES)[(0, "deck")] == deck[:1] + deck[2:]
    put(s, ZT, deck[1], Z.DISCARD)
    assert zone_lists(s, toy.ZONES)[(0, "discard")] == [deck[1]]
    assert_consistent(s)


def test_shuffle_draws_from_the_rng_row_it_is_given():
    s = dealt_row()
    deck = zone_lists(s, toy.ZONES)[(0, "deck")]
    own = s.copy()
    shuffle(own, ZT, Z.DECK, 0, own)  # the game's own RNG: it advances
    assert not np.array_equal(own[H_RNG : H_RNG + 4], s[H_RNG : H_RNG + 4])
    assert sorted(zone_lists(own, toy.ZONES)[(0, "deck")]) == sorted(deck)
    outcomes = set()
    for seed in range(6):
        d, r = s.copy(), rng_row(seed)
        shuffle(d, ZT, Z.DECK, 0, r)
        assert np.array_equal(d[H_RNG : H_RNG + 4], s[H_RNG : H_RNG + 4])  # not the row's RNG
        assert not np.array_equal(r[H_RNG : H_RNG + 4], rng_row(seed)[H_RNG : H_RNG + 4])
        again = s.copy()
        shuffle(again, ZT, Z.DECK, 0, rng_row(seed))
        assert np.array_equal(again, d)  # the same draws, the same order
        outcomes.add(tuple(zone_lists(d, toy.ZONES)[(0, "deck")]))
        assert_consistent(d)
    assert len(outcomes) > 1


def test_deal_anew_permutes_card_ids_and_keeps_every_zones_slots_and_sizes():
    s = dealt_row()
    for slot in zone_lists(s, toy.ZONES)[(1, "deck")][:2]:
        move(s, ZT, slot, Z.DISCARD)
    lists = zone_lists(s, toy.ZONES)
    ids = s[toy.CARD :: toy.CARD_W][: toy.N_SLOTS]
    mine = [sl for k in ("hand", "deck", "discard") for sl in lists[(1, k)]]
    seen = set()
    for seed in range(10):
        d = s.copy()
        deal_anew_all(d, ZT, 1, rng_row(seed))
        assert zone_lists(d, toy.ZONES) == lists  # lists and counts as they were
        new_ids = d[toy.CARD :: toy.CARD_W][: toy.N_SLOTS]
        assert sorted(new_ids[mine]) == sorted(ids[mine])  # the same cards, dealt anew
        others = [sl for sl in range(toy.N_SLOTS) if sl not in mine]
        assert np.array_equal(new_ids[others], ids[others])  # player 0's cards untouched
        mask = np.ones(toy.STATE_SIZE, bool)
        mask[toy.CARD : toy.CARD + toy.N_SLOTS * toy.CARD_W : toy.CARD_W] = False
        assert np.array_equal(d[mask], s[mask])  # nothing but card ids changed, not the row's RNG
        seen.add(tuple(new_ids[mine]))
    assert len(seen) > 5


def test_deal_anew_draws_what_the_games_two_list_loop_drew():
    s = dealt_row(n0=8, n1=8)
    for seed in range(5):
        a, b = s.copy(), s.copy()
        ra, rb = rng_row(seed), rng_row(seed)
        deal_anew_hand_deck(a, ZT, 0, ra)
        two_list_deal_reference(b, 0, rb)
        assert np.array_equal(a, b) and np.array_equal(ra, rb)


def test_zone_lists_reads_each_players_lists_in_declaration_order():
    s = dealt_row()
    lists = zone_lists(s, toy.ZONES)
    assert list(lists) == [(p, n) for n in ("deck", "hand", "discard") for p in (0, 1)]
    for (p, name), slots in lists.items():
        n_off, l_off = offsets(ZT, {"deck": Z.DECK, "hand": Z.HAND, "discard": Z.DISCARD}[name], p)
        assert slots == [int(x) for x in s[l_off : l_off + s[n_off]]]
    assert list(zone_lists(s, toy.ZONES, [Z.HAND])) == [(0, "hand"), (1, "hand")]


def test_set_decision_and_end_game_write_the_header():
    s = dealt_row()
    decide(s, 5, 1)
    assert s[H_DECISION] == 5 and s[H_DECIDER] == 1 and s[H_DONE] == 0
    finish(s, WINNER_DRAW)
    assert s[H_DONE] == 1 and s[H_WINNER] == WINNER_DRAW
    assert s[H_DECISION] == decisions.DECISION_NONE and s[H_DECIDER] == -1


def test_check_names_the_first_inconsistency_of_a_written_row():
    s = dealt_row()
    assert set(toy.ZONES.check(s, pytest.fail)) == {sl for sl in range(toy.N_SLOTS) if s[toy.CARD + sl * toy.CARD_W] >= 0}

    def err(msg):
        raise ValueError(msg)

    hand0 = zone_lists(s, toy.ZONES)[(0, "hand")][0]
    for poke, message in (
        (lambda r: r.__setitem__(toy.HAND_N, toy.MAX_DECK + 1), "hand count of player 0 is 9, must be 0..8"),
        (lambda r: r.__setitem__(toy.HAND_L, 99), "hand of player 0 lists slot 99, out of range"),
        (lambda r: r.__setitem__(toy.HAND_L, r[toy.DECK_L]), "is listed in both deck and hand"),
        (lambda r: r.__setitem__(toy.ZONE + hand0 * toy.CARD_W, Z.DISCARD),
         f"slot {hand0} is listed in hand of player 0 but its zone is 3"),
        (lambda r: r.__setitem__(toy.OWNER + hand0 * toy.CARD_W, 1), f"slot {hand0} is in hand of player 0 but belongs to player 1"),
    ):
        bad = s.copy()
        poke(bad)
        with pytest.raises(ValueError, match=message):
            toy.ZONES.check(bad, err)


def test_the_python_take_and_put_do_what_the_kernels_do():
    s = dealt_row()
    k, py = s.copy(), s.copy()
    r = np.random.default_rng(1)
    held = [sl for sl in range(toy.N_SLOTS) if s[toy.CARD + sl * toy.CARD_W] >= 0]
    for _ in range(100):
        slot = int(r.choice(held))
        z = Z(int(r.choice([Z.DECK, Z.HAND, Z.DISCARD, Z.REVEALED])))
        move(k, ZT, slot, z)
        toy.ZONES.take(py, slot)
        toy.ZONES.put(py, slot, z, int(py[toy.OWNER + slot * toy.CARD_W]))
        assert np.array_equal(k, py)
    deck = zone_lists(py, toy.ZONES)[(0, "deck")]
    toy.ZONES.take(py, deck[-1])
    toy.ZONES.put(py, deck[-1], Z.DECK, 0, bottom=True)
    assert zone_lists(py, toy.ZONES)[(0, "deck")] == deck[-1:] + deck[:-1]
    full = np.zeros_like(py)
    full[toy.HAND_N] = toy.MAX_DECK
    with pytest.raises(ValueError, match="hand of player 0 is full \\(8\\)"):
        toy.ZONES.put(full, 0, Z.HAND, 0)


def test_hidden_piles_follow_the_declared_visibility():
    """engine.zones.Seen: the opponent's hand (its holder's) and deck (face down) are one pile, the
    viewer's own deck is hidden from it too (face down), a public discard pile from nobody."""
    assert toy.ZONES.hidden_piles(0) == [(1, (int(Z.DECK), int(Z.HAND))), (0, (int(Z.DECK),))]
    assert toy.ZONES.hidden_piles(1) == [(0, (int(Z.DECK), int(Z.HAND))), (1, (int(Z.DECK),))]


@njit
def deal_hidden(s, zt, player, rng_row):
    zones.deal_hidden(s, zt, player, rng_row)


@njit
def deal_hidden_by_hand(s, zt, player, rng_row):
    zones.deal_anew(s, zt, 1 - player, (toy.DECK, toy.HAND), rng_row)
    zones.deal_anew(s, zt, player, (toy.DECK,), rng_row)


def test_deal_hidden_deals_the_declared_piles_and_nothing_else():
    s = dealt_row(n0=8, n1=8)
    for slot in zone_lists(s, toy.ZONES)[(1, "deck")][:2]:
        move(s, ZT, slot, Z.DISCARD)
    ids = s[toy.CARD :: toy.CARD_W][: toy.N_SLOTS].copy()
    lists = zone_lists(s, toy.ZONES)
    for seed in range(5):
        a, b = s.copy(), s.copy()
        deal_hidden(a, ZT, 0, rng_row(seed))
        deal_hidden_by_hand(b, ZT, 0, rng_row(seed))
        assert np.array_equal(a, b)  # the piles of the declaration, in its order
        assert zone_lists(a, toy.ZONES) == lists
        new = a[toy.CARD :: toy.CARD_W][: toy.N_SLOTS]
        seen_by_0 = lists[(0, "hand")] + lists[(0, "discard")] + lists[(1, "discard")]
        assert np.array_equal(new[seen_by_0], ids[seen_by_0])  # what player 0 sees stays


def shown_row():
    """A toy table whose hand may hold revealed cards (a ``shown`` record word, ``add(revealed=)``:
    a card revealed in a hidden zone and staying there, as Force of Will's runes, CR 711.2), and a
    row with each player's three deck and three hand cards (ids 100 + slot), two of player 1's hand
    cards revealed."""
    layout = StateLayout("shown")
    deck_n, hand_n = layout.add("deck_count", 2), layout.add("hand_count", 2)
    deck_l, hand_l = layout.add("deck", (2, 8)), layout.add("hand", (2, 8))
    card, owner, zone, shown = layout.add_records(16, ["card_id", "owner", "zone", "shown"])
    t = ZoneTable(layout, Z, card=card, owner=owner, zone=zone)
    t.add(Z.DECK, deck_n, deck_l, seen_by=Seen.NOBODY, pile="library")
    t.add(Z.HAND, hand_n, hand_l, seen_by=Seen.HOLDER, pile="library", revealed=shown)
    s = np.zeros(layout.size, np.int32)
    for slot in range(16):
        s[card + slot * 4] = -1
    for p in (0, 1):
        for i in range(6):
            slot = p * 8 + i
            s[card + slot * 4], s[owner + slot * 4] = 100 + slot, p
            t.put(s, slot, Z.DECK if i < 3 else Z.HAND, p)
    s[shown + 11 * 4] = s[shown + 13 * 4] = 1
    return t, s, shown


def test_a_revealed_card_of_a_hidden_zone_is_public_and_keeps_its_place_in_a_deal():
    t, s, shown = shown_row()
    assert t.hidden_piles(0) == [(1, (int(Z.DECK), int(Z.HAND))), (0, (int(Z.DECK),))]
    assert t.pile_slots(s, 1, (Z.DECK, Z.HAND)) == [8, 9, 10, 12]  # 11 and 13 revealed: public
    assert t.pile_slots(s, 0, (Z.DECK, Z.HAND)) == [0, 1, 2, 3, 4, 5]
    zt = t.compile()
    ids = s[t.card :: 4][:16].copy()
    dealt = set()
    for seed in range(8):
        d = s.copy()
        deal_hidden(d, zt, 0, rng_row(seed))
        new = d[t.card :: 4][:16]
        assert new[11] == ids[11] and new[13] == ids[13]  # the revealed cards keep their ids
        assert sorted(new[[8, 9, 10, 12]]) == sorted(ids[[8, 9, 10, 12]])
        assert np.array_equal(new[3:8], ids[3:8]) and sorted(new[:3]) == sorted(ids[:3])  # player 0's own deck dealt
        dealt.add(tuple(new[[8, 9, 10, 12]]))
        assert t.check(d, pytest.fail)
    assert len(dealt) > 2


def test_a_revealed_word_is_declared_on_a_hidden_zone_and_set_only_there():
    t, s, shown = shown_row()
    assert len(t.check(s, pytest.fail)) == 12

    def err(msg):
        raise ValueError(msg)

    bad = s.copy()
    bad[shown + 8 * 4] = 1  # slot 8 is in player 1's deck
    with pytest.raises(ValueError, match="slot 8 is revealed in deck, a zone that has no revealed cards"):
        t.check(bad, err)
    layout = StateLayout("bad")
    n, run, one = layout.add("n", 2), layout.add("run", (2, 4)), layout.add("one")
    card, owner, zone, flag = layout.add_records(8, ["card", "owner", "zone", "flag"])
    bad_table = ZoneTable(layout, Z, card=card, owner=owner, zone=zone)
    with pytest.raises(ValueError, match="is public: a card of it needs no revealed field"):
        bad_table.add(Z.DISCARD, n, run, revealed=flag)
    with pytest.raises(ValueError, match="is not a field of the card records"):
        bad_table.add(Z.HAND, n, run, seen_by=Seen.HOLDER, revealed=one)
