"""The pools' ``flags`` table (``tcg_env.engine.tables``): what a game's kernels may skip for a pool,
derived from its rule tables when it is packed (Weiss Schwarz: a card's hand abilities and the
triggers of its AUTO abilities; Force of Will: the restrictions the pool can give). A clear bit
must only ever skip work whose answer is known: random play with the pool's flags is the same game,
decision for decision, as with the default table (every bit set, nothing skipped), on the built-in
pools and on imported pools of real cards (whose abilities the built-in pools lack: hand abilities,
"cannot be blocked", "when your other character attacks" ...). Imported pools are read from
``../shared/carddata`` and skipped without it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tcg_env
from tcg_env.engine.tables import FLAG_WORDS, pack_tables, unpack_flags, unpack_obs_rows, unpack_tables

CARDDATA = Path(__file__).resolve().parents[2].parent / "shared" / "carddata"
LISTS = {
    "fftcg": "fftcg/ThomasALeon_FFTCGSim__fftcg_real_cards.json",
    "weiss_schwarz": "weiss_schwarz/CCondeluci_WeissSchwarz-ENG-DB__5HY_W83.json",
    "force_of_will": "force_of_will/antlebel2_fow-sim__cards.json",
}

# FF-TCG's card rows (FL_DERIVED_DEPS) say which of a card's derived values the state keeps between decisions (a cache:
# -1 keeps none, so the state's cache words differ, not the game): compared with the pool's row of flags all set
CARD_ROWS_KEPT = {"fftcg"}


def _imported(game, tmp_path):
    from tcg_env.cards.deck_like import deck_like
    from tests.shared_carddata import imported_pool

    pool = imported_pool(game, *LISTS[game].split("/"))  # shared by the process's tests (not changed here)
    return pool, [deck_like(game, pool, None, seed=i, abilities="first") for i in range(2)]


def _play(game, pool, decks, T=None, calls=160):
    """States, observations and masks after ``calls`` calls of batch random play with tables ``T`` (None: the
    batch's own, whose flags FF-TCG derives from the decks' cards)."""
    batch = tcg_env.make_batch(game, 16, decks=decks, seed=5, pool=pool)
    T = batch._T if T is None else T
    k = batch.spec.kernels
    rng = k.seed_agent_rng(16, 3)
    counters = np.zeros((16, 5), np.int64)
    out = []
    for i in range(calls):
        k.random_play_batch(batch.states, T, batch.decks, batch.deck_lens, batch.seeds, batch.variant_index,
                            (1, 4, 9)[i % 3], batch.obs, batch.masks, rng, counters)
        out.append((batch.states.copy(), batch.obs.copy(), batch.masks.copy()))
    return out, int(counters[:, 1].sum())


def _play_with_and_without_flags(game, pool, decks, calls=160):
    """(games ended, the first difference between random play with the pool's flags (those a batch of
    ``decks`` plays with) and with the default table, every bit set: nothing skipped, or None)."""
    T = tcg_env.make_batch(game, 1, decks=decks, pool=pool)._T
    T_all = pack_tables(*unpack_tables(T), unpack_obs_rows(T))  # the default flags: nothing skipped
    assert (unpack_flags(T_all) == -1).all() and not (unpack_flags(T) == -1).all()
    if game in CARD_ROWS_KEPT:
        flags = unpack_flags(T).copy()
        flags[-1] = -1
        T_all = pack_tables(*unpack_tables(T), unpack_obs_rows(T), flags)
    with_flags, games = _play(game, pool, decks, None, calls)
    without, _ = _play(game, pool, decks, T_all, calls)
    for i, (a, b) in enumerate(zip(with_flags, without)):
        for name, x, y in zip(("states", "observations", "masks"), a, b):
            if not np.array_equal(x, y):
                return games, f"{game}: the {name} differ after call {i} with the pool's flags"
    return games, None


@pytest.mark.parametrize("game", sorted(LISTS))
def test_the_flags_skip_nothing_that_changes_play_on_the_builtin_pool(game):
    spec = tcg_env.get_spec(game)
    games, difference = _play_with_and_without_flags(game, spec.load_tables(), None)
    assert games > 0, "the games should end and restart (the whole game is compared)"
    assert difference is None, difference


@pytest.mark.parametrize("game", sorted(LISTS))
def test_the_flags_skip_nothing_that_changes_play_on_an_imported_pool(game, tmp_path):
    pool, decks = _imported(game, tmp_path)
    # imported games are longer (Force of Will's about 1,800 decisions, FF-TCG's about 450): enough calls that some end
    games, difference = _play_with_and_without_flags(game, pool, decks, calls=200 if game == "fftcg" else 480)
    assert games > 0, "the games should end and restart (the whole game is compared)"
    assert difference is None, difference


def test_fftcg_flags_of_a_game_are_those_of_its_decks_cards(tmp_path):
    """FF-TCG derives the pool's row of flags from the cards of the decks a game plays (CardTable.kernel_tables_for:
    the abilities those cards own and their programs; no card enters a game from outside the decks): two decks of an
    imported pool of 3,600 cards clear bits the whole pool sets, never one their own cards need (the random play above
    is the same game as with every bit set), with the pool's tables and card ids unchanged."""
    from tcg_env.games.fftcg import constants as K

    pool, decks = _imported("fftcg", tmp_path)
    whole, ours = unpack_flags(pool.kernel_tables), unpack_flags(tcg_env.make_batch("fftcg", 2, decks=decks, pool=pool)._T)
    assert whole[-1, K.FL_MISC] & ~ours[-1, K.FL_MISC], "the decks' cards should need fewer bits than the whole pool"
    assert ours[-1, K.FL_MISC] & ~whole[-1, K.FL_MISC] == 0
    assert np.array_equal(whole[:-1], ours[:-1])  # the cards' own rows: the same
    for a, b in zip(unpack_tables(pool.kernel_tables), unpack_tables(tcg_env.make_batch("fftcg", 2, decks=decks, pool=pool)._T)):
        assert np.array_equal(a, b)
    # a card's ability with a flagged rule sets the bit in the game of a deck holding it
    once = [c for c in range(pool.n_cards) if any(pool.abilities[r, K.A_ONCE] and pool.abilities[r, K.A_KIND] == K.AbilityKind.AUTO
                                                   for r in pool.ability_rows(c))]
    assert once, "the imported pool should have a once-per-turn auto ability"
    with_once = unpack_flags(pool.kernel_tables_for(np.array([once[0]])))
    assert with_once[-1, K.FL_MISC] & K.FLAG_TRIGGER_ONCE
    assert not unpack_flags(pool.kernel_tables_for(np.array([c for c in range(40) if c not in once])))[-1, K.FL_MISC] & K.FLAG_TRIGGER_ONCE


def test_weiss_schwarz_flags_name_hand_abilities_and_triggers(tmp_path):
    """CR 8.6.2.1: a level in the hand ("this card gets -1 level while in your hand") is an ability
    that works from the hand: its card's FLAG_HAND_CONT is set, a card without one has it clear; the
    zones of its CONT abilities that change characteristics (CR 8.9); the triggers of its AUTO
    abilities; and the pool's row, the OR of all (granted ones included)."""
    from tcg_env.games.weiss_schwarz import constants as K

    pool, _ = _imported("weiss_schwarz", tmp_path)
    cards, abil, _, code = unpack_tables(pool.kernel_tables)
    F = unpack_flags(pool.kernel_tables)
    assert F.shape == (pool.n_cards + 1, FLAG_WORDS)
    hand = trig_seen = 0
    for cid in range(pool.n_cards):
        rows = list(pool.ability_rows(cid))
        want_hand = any(abil[r, K.A_KIND] == K.AbilityKind.CONT and abil[r, K.A_ZONE] == K.AbilityZone.HAND for r in rows)
        assert bool(F[cid, K.FL_MISC] & K.FLAG_HAND_CONT) == want_hand, pool.names[cid]
        hand += want_hand
        want_cont = 0  # the zones of its CONT abilities with a continuous instruction (what apply_cont applies)
        for r in rows:
            c0, n = int(abil[r, K.A_CODE_START]), int(abil[r, K.A_CODE_LEN])
            if abil[r, K.A_KIND] == K.AbilityKind.CONT and any(
                    K.Op.AURA_POWER <= op <= K.Op.AURA_POWER_LEVEL for op in code[c0 : c0 + n, K.I_OP]):  # fmt: skip
                want_cont |= 1 << int(abil[r, K.A_ZONE])
        assert int(F[cid, K.FL_CONT]) == want_cont, pool.names[cid]
        for t in K.Trigger:
            has = any(abil[r, K.A_KIND] == K.AbilityKind.AUTO and abil[r, K.A_TRIGGER] == t for r in rows)
            assert bool((F[cid, K.FL_TRIG + t // 31] >> (t % 31)) & 1) == has, (pool.names[cid], t.name)
            trig_seen += has
    assert hand > 0 and trig_seen > 0, "the sample list has hand abilities and AUTO abilities"
    every_card = np.bitwise_or.reduce(F[:-1], axis=0)
    every_card[K.FL_MISC] &= ~K.FLAG_CONT_FILTERED  # a card's fact only (session 32: apply_cont), clear in the pool's row
    assert F[-1, K.FL_MISC] & K.FLAG_CONT_FILTERED == 0
    assert ((F[-1] & every_card) == every_card).all(), "the pool's row holds every card's bits"
    for r in range(abil.shape[0]):
        if abil[r, K.A_ZONE] >= K.GRANT_ZONE0 and abil[r, K.A_KIND] == K.AbilityKind.AUTO:
            t = int(abil[r, K.A_TRIGGER])
            assert (F[-1, K.FL_TRIG + t // 31] >> (t % 31)) & 1, "a granted ability's trigger is the pool's"


def test_force_of_will_flags_name_the_restrictions_the_pool_gives(tmp_path):
    """CR 804.3 / 803.3b: "cannot be blocked" / "cannot be attacked" come only from RESTRICT and
    AURA_RESTRICT instructions: the pool's row holds the bits they give, and no other."""
    from tcg_env.games.force_of_will import constants as K

    pool, _ = _imported("force_of_will", tmp_path)
    code = unpack_tables(pool.kernel_tables)[3]
    F = unpack_flags(pool.kernel_tables)
    given = 0
    for r in range(code.shape[0]):
        if code[r, K.I_OP] in (K.Op.RESTRICT, K.Op.AURA_RESTRICT):
            given |= int(code[r, K.I_A0])
    if (code[:, K.I_OP] == K.Op.LOSE_ABILITIES_WHILE).any():
        given |= K.RESTRICT_NO_ABILITIES  # session 33: the loss's shields (characteristics.lost_abilities)
    if (code[:, K.I_OP] == K.Op.SET_POWER).any():
        given |= K.RESTRICT_POWER_SET  # session 34: "becomes a [A/D]" (characteristics.power_set)
    assert int(F[-1, K.FL_RESTRICT]) == given
    assert bool(F[-1, K.FL_MISC] & K.FLAG_COST_REDUCTION) == bool((code[:, K.I_OP] == K.Op.COST_REDUCTION).any())
    assert given & K.RESTRICT_CANT_BE_BLOCKED, "the sample list has a card that cannot be blocked"
    builtin = unpack_flags(tcg_env.get_spec("force_of_will").load_tables().kernel_tables)
    assert not builtin[-1, K.FL_RESTRICT] & (K.RESTRICT_CANT_BE_BLOCKED | K.RESTRICT_CANT_BE_ATTACKED)


@pytest.mark.skipif(not (CARDDATA / LISTS["weiss_schwarz"]).exists(), reason="needs ../shared/carddata")
def test_weiss_schwarz_flags_of_a_game_are_those_of_its_decks_cards_and_every_granted_ability(tmp_path):
    """Session 31: a Weiss Schwarz game's row of flags comes from its decks' cards (no card enters from outside them)
    and every granted ability of the pool (a granted row is shared by every card granting it); the as_like decks play
    the same game with it as with every bit set."""
    from tcg_env.cards.deck_like import deck_like
    from tcg_env.games.weiss_schwarz import constants as K
    from tests.shared_carddata import imported_pool

    pool = imported_pool("weiss_schwarz", *LISTS["weiss_schwarz"].split("/"))
    decks = [deck_like("weiss_schwarz", pool, None, seed=i, abilities="as_like") for i in range(2)]
    ids = np.unique([pool.index[n] for d in decks for n in d]).astype(np.int32)
    whole, ours = pool.kernel_flags()[-1], pool.in_play_pool_flags(ids)
    assert not np.any(ours & ~whole) and np.any(ours != whole)  # a subset, and smaller for two decks of a set
    # a granted ability the decks' programs can grant keeps its trigger (its row is shared by every card granting it:
    # found by the grant ops, not by A_CARD); one only the other cards grant does not count
    from tcg_env.games.weiss_schwarz.cards import _granted_rows

    own = np.isin(pool.abilities[:, K.A_CARD], ids) & (pool.abilities[:, K.A_ZONE] < K.GRANT_ZONE0)
    reached = _granted_rows(pool.abilities, pool.code, own)
    assert not np.any(reached & (pool.abilities[:, K.A_ZONE] < K.GRANT_ZONE0))
    for r in np.nonzero(reached & (pool.abilities[:, K.A_KIND] == K.AbilityKind.AUTO))[0]:
        t = int(pool.abilities[r, K.A_TRIGGER])
        assert ours[K.FL_TRIG + t // 31] >> (t % 31) & 1
    everything = _granted_rows(pool.abilities, pool.code, pool.abilities[:, K.A_ZONE] < K.GRANT_ZONE0)
    assert np.array_equal(everything, pool.abilities[:, K.A_ZONE] >= K.GRANT_ZONE0)  # every granted row is granted
    games, difference = _play_with_and_without_flags("weiss_schwarz", pool, decks, calls=480)
    assert games > 0 and difference is None, difference
