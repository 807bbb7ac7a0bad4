"""The field abilities' part of the derived values kept in the row (``characteristics.refresh_derived``, the
``field_part*`` words): what the field abilities on the field give (CR 11.9: they apply while their conditions
hold; CR 11.12.4: power changes last) is kept with what it was computed from, the cards on the fields by place and
the counts its conditions read (``cards.derived_deps``), and used while those are the same. It must never be stale:
every test compares it with the values computed anew, after each thing that can change them (a card entering or
leaving the field, one replaced by another in the same place, damage, a hand, the turn), in a position built by
hand, in a game where the aura's source leaves in the middle of an effect, and over whole games of random play
against the default flags table (every card DEP_UNCACHED: nothing kept)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tcg_env
from tcg_env.engine.header import H_DONE
from tcg_env.engine.tables import pack_tables, unpack_flags, unpack_obs_rows, unpack_tables
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.characteristics import refresh_derived
from tcg_env.games.fftcg.cards import compile_fftcg_pool
from tcg_env.games.fftcg.importer import import_fftcg_json

CARDDATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata"
REAL_LIST = CARDDATA / "fftcg" / "ThomasALeon_FFTCGSim__fftcg_real_cards.json"
KEPT = slice(S.FA_HEAD, S.FA_POS + 2 * K.FIELD_SLOTS * S.FA_W)  # the kept part and its inputs
DERIVED = [S.D_POWER, S.D_KW, S.D_RST]


def _rec(i, name, t, text="", power=5000, job="Soldier", cost=2):
    return {"id": f"K-{i:03d}", "name": name, "element": "fire", "type": t, "cost": cost,
            "power": power if t == "forward" else 0, "job": job, "category": "I", "text": text}


def _records():
    return [
        _rec(1, "Banner", "forward", "The Forwards other than Banner you control gain +1000 power."),
        _rec(2, "Gauge", "forward", "If you have received 3 points of damage or more, Gauge gains +2000 power."),
        _rec(3, "Miser", "forward", "If you have 2 cards or less in your hand, Miser gains +2000 power."),
        _rec(4, "Eager", "forward", "During your turn, Eager gains +1000 power."),
        _rec(5, "Squad", "forward", "If you control 2 or more Backups, Squad gains +3000 power.", job="Knight"),
        _rec(6, "Filler", "forward"),
        _rec(7, "Clerk", "backup", job="Clerk"),
        _rec(8, "Recall", "summon", "Choose 1 Forward you control. Return it to its owner's hand.", cost=1),
        _rec(9, "Bolt", "summon", "Choose 1 Forward. Deal it 5000 damage.", cost=1),
    ] + [_rec(20 + i, f"Clerk {i}", "backup", job="Clerk") for i in range(5)] \
        + [_rec(40 + i, f"Filler {i}", "forward") for i in range(6)] \
        + [_rec(50, "Seeker", "forward", "If you have a [Card Name Bolt] in your Break Zone, Seeker gains +3000 power.")]
    # (a legal deck: 3 copies of a card at most)


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    p = tmp_path_factory.mktemp("ffkept") / "kept.json"
    p.write_text(json.dumps(_records()))
    res = import_fftcg_json(p)
    return res, compile_fftcg_pool(res)


def _scenario(mini):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    deck = ([c.number for c in res] * 3)[:50]
    return Scenario.main_phase(pool, decks=(deck, deck), turn_player=0)


def _slot(sc, number, player=0):
    cid = sc.pool.card_id(number)
    for slot in range(K.N_SLOTS):
        w = slot * S.CARD_W
        if sc.row[S.CARD + w] == cid and sc.row[S.ZONE + w] == K.Zone.FIELD and sc.row[S.CONTROLLER + w] == player:
            return slot
    raise AssertionError(f"{number} not on player {player}'s field")


def _check_fresh(row, T):
    """Refresh ``row`` (its kept part used if it still applies) and compare with a refresh of a copy whose kept part
    is dropped: the same derived values, the same counts."""
    refresh_derived(K.RULES, row, T)
    fresh = row.copy()
    fresh[S.FA_HEAD + S.FA_FIELD_N] = -1
    fresh[S.DERIVED_CLEAN] = 0  # and the memo of the whole refresh (state.DERIVED_CLEAN)
    refresh_derived(K.RULES, fresh, T)
    for base in DERIVED:
        np.testing.assert_array_equal(row[base: base + K.N_SLOTS * S.CARD_W: S.CARD_W],
                                      fresh[base: base + K.N_SLOTS * S.CARD_W: S.CARD_W])
    np.testing.assert_array_equal(row[S.D_COUNTS: S.D_COUNTS + 6], fresh[S.D_COUNTS: S.D_COUNTS + 6])
    assert row[S.FA_HEAD + S.FA_FIELD_N] == row[S.FIELD_N], "the part computed should be kept"


def _power(sc, number, player=0):
    return int(sc.row[S.D_POWER + _slot(sc, number, player) * S.CARD_W])


def test_kept_field_part_follows_every_input_CR_11_9(mini):
    sc = _scenario(mini)
    T = sc.pool.kernel_tables
    sc.field(0, ["K-001", "K-006", "K-002", "K-003", "K-004", "K-005"])
    sc.field(0, ["K-007"])
    row = sc.row
    _check_fresh(row, T)
    # Banner: +1000 to the others; Miser: an empty hand; Eager: player 0's turn; Squad: one Backup only
    assert [_power(sc, n) for n in ("K-001", "K-006", "K-002", "K-003", "K-004", "K-005")] == \
        [5000, 6000, 6000, 8000, 7000, 6000]
    # a second Backup enters: Squad's condition (the fields' cards)
    sc.field(0, ["K-020"])
    _check_fresh(row, T)
    assert _power(sc, "K-005") == 9000
    # three points of damage: Gauge's condition (DEP_DAMAGE)
    sc.damage(0, 3)
    _check_fresh(row, T)
    assert _power(sc, "K-002") == 8000
    # three cards in the hand: Miser's condition (DEP_HAND)
    sc.hand(0, ["K-006", "K-006", "K-006"])
    _check_fresh(row, T)
    assert _power(sc, "K-003") == 6000
    # the opponent's turn: Eager's condition (DEP_TURN)
    row[S.TURN_PLAYER] = 1
    _check_fresh(row, T)
    assert _power(sc, "K-004") == 6000
    # the last card of the list (the second Backup) replaced by a Filler: as many cards, another one in that place;
    # Squad's condition no longer holds
    last = int(row[S.FIELD_L + row[S.FIELD_N] - 1])
    n = int(row[S.FIELD_N])
    sc.move(last, K.Zone.BREAK)
    sc.field(0, ["K-006"])
    assert int(row[S.FIELD_N]) == n and int(row[S.FIELD_L + n - 1]) != last
    _check_fresh(row, T)
    assert _power(sc, "K-005") == 6000
    # Banner leaves: the others lose its +1000; then it comes back, in the last place
    sc.move(_slot(sc, "K-001"), K.Zone.BREAK)
    _check_fresh(row, T)
    assert _power(sc, "K-002") == 7000
    sc.field(0, ["K-001"])
    _check_fresh(row, T)
    assert _power(sc, "K-002") == 8000
    # an opponent's Banner gives player 0's Forwards nothing
    sc.field(1, ["K-001", "K-006"])
    _check_fresh(row, T)
    assert _power(sc, "K-006", player=1) == 6000 and _power(sc, "K-006") == 6000



def test_kept_field_part_follows_the_break_zones_cards_CR_11_9(mini):
    # "If you have a [Card Name X] in your Break Zone" reads the Break Zone's cards (DEP_BREAK): the part is kept while
    # no card entered or left a Break Zone (its count with state.BREAK_IN, the cards put there so far)
    sc = _scenario(mini)
    T = sc.pool.kernel_tables
    assert unpack_flags(T)[sc.pool.card_id("K-050"), K.FL_DERIVED_DEPS] == K.DEP_BREAK
    sc.field(0, ["K-050", "K-006"])
    row = sc.row
    _check_fresh(row, T)
    assert _power(sc, "K-050") == 5000  # no Bolt in the Break Zone
    bolt = sc.put(0, "K-009", K.Zone.BREAK)
    _check_fresh(row, T)
    assert _power(sc, "K-050") == 5000 + 3000
    # Bolt leaves the Break Zone and a Filler enters it: the same count, another card; the condition no longer holds,
    # and the kept part must not be used
    n_break = int(row[S.BREAK_N])
    sc.move(bolt, K.Zone.HAND)
    sc.put(0, "K-006", K.Zone.BREAK)
    assert int(row[S.BREAK_N]) == n_break
    row[S.DERIVED_CLEAN] = 1 + K.DEP_BREAK  # as the kernels leave it: only the kept part's inputs can tell
    _check_fresh(row, T)
    assert _power(sc, "K-050") == 5000
    # the opponent's Bolt in its Break Zone: not "your Break Zone"
    sc.put(1, "K-009", K.Zone.BREAK)
    _check_fresh(row, T)
    assert _power(sc, "K-050") == 5000


def test_a_summon_cast_enters_the_break_zone_and_the_kept_part_follows_CR_11_11_10(mini):
    # the kernels' own move (zones.put_in_zone) counts the Break Zone's entries: casting Bolt puts it there after
    # it resolves (CR 11.11.10), and Seeker's condition then holds
    from tests.fftcg.fftcg_helpers import do

    sc = _scenario(mini)
    sc.field(0, ["K-020", "K-021", "K-022", "K-050"])
    sc.field(1, ["K-006"])
    sc.hand(0, ["K-009"])
    g = sc.game()
    seeker = _slot(sc, "K-050")
    entries = int(g.state[S.BREAK_IN])
    assert int(g.state[S.D_POWER + seeker * S.CARD_W]) == 5000
    do(g, "Cast Bolt", "Choose opponent's Filler")
    _resolve(g)
    assert int(g.state[S.BREAK_IN]) > entries
    assert int(g.state[S.D_POWER + seeker * S.CARD_W]) == 8000
    _assert_memo_fresh(g.state.copy(), g.pool.kernel_tables)


def test_kept_field_part_opponents_turn_condition_CR_11_9(mini):
    # "During your opponent's turn" (Condition.OPP_TURN, read by filters.condition_holds) is kept with the turn player
    # (DEP_TURN): Eager's condition turned into the opponent's turn; the text importer does not write it, the card
    # model does
    res, _ = mini
    cards = []
    for c in res:
        if c.number == "K-004":
            ab = c.abilities[0]
            c = c.model_copy(update={"abilities": [ab.model_copy(update={
                "condition": ab.condition.model_copy(update={"kind": "opp_turn"})})]})
        cards.append(c)
    pool = compile_fftcg_pool(cards)
    cid = pool.card_id("K-004")
    assert unpack_flags(pool.kernel_tables)[cid, K.FL_DERIVED_DEPS] == K.DEP_TURN
    sc = _scenario((cards, pool))
    T = sc.pool.kernel_tables
    sc.field(0, ["K-004", "K-006"])
    row = sc.row
    _check_fresh(row, T)
    assert _power(sc, "K-004") == 5000  # player 0's turn
    row[S.TURN_PLAYER] = 1
    _check_fresh(row, T)
    assert _power(sc, "K-004") == 6000
    row[S.TURN_PLAYER] = 0
    _check_fresh(row, T)
    assert _power(sc, "K-004") == 5000


def _cp(g):
    acts = [int(a) for a in g.legal_actions() if int(a) != K.PASS]
    field = [a for a in acts if K.OWN_FIELD_BASE <= a < K.OWN_FIELD_BASE + K.FIELD_SLOTS]
    return (field or acts)[0]


def _resolve(g, limit=40):
    for _ in range(limit):
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            return
        acts = [int(a) for a in g.legal_actions()]
        g.step(_cp(g) if g.decision == K.Decision.PAY_CP else (K.PASS if K.PASS in acts else acts[0]))


def test_aura_source_entering_and_leaving_mid_game_CR_12_4_5(mini):
    # Filler (5000) takes 5000 damage while Banner gives it +1000: it stays (CR 12.4.5: damage >= power breaks);
    # Recall returns Banner to the hand in the middle of its resolution: the rule processes after it see Filler at
    # 5000 and break it (a kept +1000 would keep it on the field)
    from tests.fftcg.fftcg_helpers import do

    sc = _scenario(mini)
    sc.field(0, ["K-020", "K-021", "K-022", "K-023", "K-024", "K-006"])  # five Backups (one of a name, CR 7.7.3)
    sc.hand(0, ["K-001", "K-009", "K-008"])
    g = sc.game()
    filler = _slot(sc, "K-006")
    do(g, "Play Banner")
    _resolve(g)
    assert int(g.state[S.D_POWER + filler * S.CARD_W]) == 6000
    do(g, "Cast Bolt", "Choose your Filler")
    _resolve(g)
    assert int(g.state[S.ZONE + filler * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.DMG + filler * S.CARD_W]) == 5000
    do(g, "Cast Recall", "Choose your Banner")
    _resolve(g)
    assert int(g.state[S.ZONE + filler * S.CARD_W]) == K.Zone.BREAK


def _assert_memo_fresh(row, T):
    """A refresh of ``row`` as it is (its memos used where they hold) gives what one with both memos dropped gives."""
    a, fresh = row.copy(), row.copy()
    refresh_derived(K.RULES, a, T)
    fresh[S.FA_HEAD + S.FA_FIELD_N] = -1
    fresh[S.DERIVED_CLEAN] = 0
    refresh_derived(K.RULES, fresh, T)
    for base in DERIVED:
        np.testing.assert_array_equal(a[base: base + K.N_SLOTS * S.CARD_W: S.CARD_W],
                                      fresh[base: base + K.N_SLOTS * S.CARD_W: S.CARD_W])
    np.testing.assert_array_equal(a[S.D_COUNTS: S.D_COUNTS + 6], fresh[S.D_COUNTS: S.D_COUNTS + 6])
    if row[H_DONE] == 0:  # a game in progress was refreshed by the kernels: the row's own values are fresh
        for base in DERIVED:
            np.testing.assert_array_equal(row[base: base + K.N_SLOTS * S.CARD_W: S.CARD_W],
                                          fresh[base: base + K.N_SLOTS * S.CARD_W: S.CARD_W])


def _play(game, pool, decks, T, calls):
    batch = tcg_env.make_batch(game, 16, decks=decks, seed=5, pool=pool)
    k = batch.spec.kernels
    rng = k.seed_agent_rng(16, 3)
    counters = np.zeros((16, 5), np.int64)
    out = []
    for i in range(calls):
        k.random_play_batch(batch.states, T, batch.decks, batch.deck_lens, batch.seeds, batch.variant_index,
                            (1, 4, 9)[i % 3], batch.obs, batch.masks, rng, counters)
        states = batch.states.copy()
        for b in range(states.shape[0]):  # the memo of the whole refresh (state.DERIVED_CLEAN) is never stale
            _assert_memo_fresh(states[b], T)
        states[:, KEPT] = 0
        states[:, S.DERIVED_CLEAN] = 0  # the memo too (its value follows the flags)
        out.append((states, batch.obs.copy(), batch.masks.copy()))
    return out, int(counters[:, 1].sum())


def _same_play_kept_or_not(pool, decks, calls):
    T = pool.kernel_tables
    T_all = pack_tables(*unpack_tables(T), unpack_obs_rows(T))  # the default flags: DEP_UNCACHED, nothing kept
    assert (unpack_flags(T_all) == -1).all()
    kept, games = _play("fftcg", pool, decks, T, calls)
    fresh, _ = _play("fftcg", pool, decks, T_all, calls)
    assert games > 0
    for i, (a, b) in enumerate(zip(kept, fresh)):
        for name, x, y in zip(("states", "observations", "masks"), a, b):
            assert np.array_equal(x, y), f"the {name} differ after call {i} with the kept field part"
    return games


def test_kept_field_part_plays_the_same_games_builtin_pool():
    pool = tcg_env.get_spec("fftcg").load_tables()
    assert (unpack_flags(pool.kernel_tables)[:-1, K.FL_DERIVED_DEPS] != -1).all()
    _same_play_kept_or_not(pool, None, 160)


def test_kept_field_part_plays_the_same_games_imported_pool():
    from tcg_env.cards.deck_like import deck_like
    from tests.shared_carddata import imported_pool

    pool = imported_pool("fftcg", REAL_LIST.parent.name, REAL_LIST.name)
    decks = [deck_like("fftcg", pool, None, seed=i, abilities="first") for i in range(2)]
    deps = unpack_flags(pool.kernel_tables)[:-1, K.FL_DERIVED_DEPS]
    # the comparison means something only if the decks hold a card with field abilities whose part is kept
    field = unpack_tables(pool.kernel_tables)[0][:, K.C_HAS_FIELD] != 0
    in_decks = np.isin(np.arange(deps.size), [pool.index[n] for d in decks for n in d])
    assert (field & in_decks & (deps >= 0) & ((deps & K.DEP_UNCACHED) == 0)).any()
    assert _same_play_kept_or_not(pool, decks, 480) > 0, "the imported decks finished no game"
