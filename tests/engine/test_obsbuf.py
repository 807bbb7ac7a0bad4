"""engine.obsbuf: writing an observation over the previous one (random play from a row's second
decision of a call on) gives exactly the vector a full write gives, at every decision."""

from enum import IntEnum

import numpy as np
import pytest
from numba import njit

import tcg_env
from tcg_env.engine import hooks
from tcg_env.engine.batch import pick_uniform
from tcg_env.engine.header import H_DECIDER, H_DONE
from tcg_env.engine.obsbuf import clear_rows_after, clear_rows_after_at, copy_card_row


@njit
def _check(game, states, T, obs, fresh, masks, rng, max_decisions):
    """Play every row to its end; at each decision write the observation over the previous one
    (as random play does) and into a zeroed buffer; count decisions and mismatching ones. The
    game's kernels are called through the core's hooks (``game``: the game's tag), as the core
    calls them."""
    decisions = 0
    mismatches = 0
    for b in range(states.shape[0]):
        s = states[b]
        for t in range(max_decisions):
            if s[H_DONE] != 0:
                break
            n_legal = hooks.legal_mask_row(game, s, T, masks[b])
            p = np.int64(s[H_DECIDER])
            hooks.observe_into(game, s, T, p, obs[b], t > 0)
            fresh[:] = 0.0
            hooks.observe_row(game, s, T, p, fresh)
            for j in range(fresh.shape[0]):
                if fresh[j] != obs[b, j]:
                    mismatches += 1
                    break
            decisions += 1
            hooks.apply_unchecked(game, s, T, np.int64(pick_uniform(masks[b], n_legal, rng[b])))
    return decisions, mismatches


@pytest.mark.parametrize("game", ["fftcg", "force_of_will", "weiss_schwarz"])
def test_observation_written_over_the_previous_one_equals_a_full_write(game):
    batch = tcg_env.make_batch(game, 24, seed=13)
    rng = batch.spec.kernels.seed_agent_rng(24, 5)
    fresh = np.zeros(batch.obs.shape[1], np.float32)
    # start from garbage-free zeros, as a batch's buffers are
    batch.obs[:] = 0.0
    decisions, mismatches = _check(batch.spec.kernels.rules, batch.states, batch._T, batch.obs, fresh, batch.masks, rng,
                                   5000)
    assert decisions > 24 * 100
    assert mismatches == 0


@pytest.mark.parametrize("game", ["fftcg", "force_of_will", "weiss_schwarz"])
def test_random_play_in_one_call_matches_one_decision_per_call(game):
    """random_play_row writes over its previous observation from the second decision of a call on:
    a run of 300 decisions in one call and in 300 calls of one decision reach the same states,
    observations and masks."""
    a = tcg_env.make_batch(game, 8, seed=2)
    b = tcg_env.make_batch(game, 8, seed=2)
    k = a.spec.kernels
    ra, rb = k.seed_agent_rng(8, 3), k.seed_agent_rng(8, 3)
    ca, cb = np.zeros((8, 5), np.int64), np.zeros((8, 5), np.int64)
    k.random_play_batch(a.states, a._T, a.decks, a.deck_lens, a.seeds, a.variant_index, 300, a.obs, a.masks, ra, ca)
    for _ in range(300):
        k.random_play_batch(b.states, b._T, b.decks, b.deck_lens, b.seeds, b.variant_index, 1, b.obs, b.masks, rb, cb)
    assert np.array_equal(a.states, b.states)
    assert np.array_equal(a.obs, b.obs)
    assert np.array_equal(a.masks, b.masks)
    assert np.array_equal(ca, cb)


@njit
def _copy_rows(out, T, cids, width):
    for k in range(cids.shape[0]):
        copy_card_row(out, k * width, T, cids[k], 24)


def test_copy_card_row_copies_the_cards_obs_row_bit_for_bit():
    from tcg_env.engine.tables import pack_tables, unpack_obs_rows

    rng = np.random.default_rng(1)
    cards = rng.integers(0, 9, size=(9, 5)).astype(np.int32)
    small = [rng.integers(0, 9, size=(2, 3)).astype(np.int32) for _ in range(3)]
    obs_rows = rng.normal(size=(9, 30)).astype(np.float32)  # wider than the copied 24 columns
    T = pack_tables(cards, *small, obs_rows)
    cids = np.array([8, 0, 3, 3, 5], np.int64)
    out = np.full(5 * 24 + 3, 7.0, np.float32)
    _copy_rows(out, T, cids, 24)
    expected = np.concatenate([unpack_obs_rows(T)[c, :24] for c in cids])
    assert out[: 5 * 24].tobytes() == expected.tobytes()
    assert np.all(out[5 * 24 :] == 7.0)  # nothing written past the rows


@njit
def _clear_after(out, n_written, over_previous):
    clear_rows_after(out, 2, 5, 3, n_written, over_previous)


def test_clear_rows_after_clears_only_rows_past_the_written_ones():
    # block at 2: 5 rows of 3 columns; rows 0..2 hold a previous write (present = 1), rows 3..4 zero
    base = np.array([9, 9] + [1, 5, 5] * 3 + [0, 0, 0] * 2 + [9], np.float32)
    out = base.copy()
    _clear_after(out, 1, True)
    assert np.array_equal(out[:5], base[:5])  # row 0 is left for the caller to overwrite
    assert np.all(out[5:17] == 0.0) and out[0] == 9 and out[-1] == 9
    out = np.full(18, 4.0, np.float32)  # without a previous write: every row past n_written cleared
    _clear_after(out, 2, False)
    assert np.all(out[2:8] == 4.0) and np.all(out[8:17] == 0.0) and out[17] == 4.0
    out = base.copy()
    _clear_after(out, 5, True)  # every row is written: nothing to clear
    assert np.array_equal(out, base)


@njit
def _clear_after_at(out, n_written, over_previous):
    clear_rows_after_at(out, 2, 5, 3, n_written, over_previous, 2)


def test_clear_rows_after_at_reads_presence_from_the_given_column():
    # as above, the rows' "present" column being their last (Force of Will's card rows: the
    # static columns copied first, then the state, its first column DYN_PRESENT)
    base = np.array([9, 9] + [5, 0, 1] * 3 + [0, 0, 0] * 2 + [9], np.float32)
    out = base.copy()
    _clear_after_at(out, 1, True)
    assert np.array_equal(out[:5], base[:5]) and np.all(out[5:17] == 0.0) and out[-1] == 9
    out = base.copy()
    out[2 + 3 * 3] = 7.0  # a non-zero first column in an absent row does not make it present
    _clear_after_at(out, 3, True)
    assert out[2 + 3 * 3] == 7.0 and np.array_equal(out[:11], base[:11])


@pytest.mark.parametrize("game", ["fftcg", "force_of_will", "weiss_schwarz"])
def test_a_full_observation_write_leaves_nothing_of_the_buffer_behind(game):
    """observe_row writes every column (the copied card rows included): the same vector into a
    buffer full of garbage as into a zeroed one, at states all over random games."""
    batch = tcg_env.make_batch(game, 16, seed=4)
    rng = batch.spec.kernels.seed_agent_rng(16, 2)
    counters = np.zeros((16, 5), np.int64)
    k = batch.spec.kernels
    checked = 0
    for _ in range(40):
        k.random_play_batch(batch.states, batch._T, batch.decks, batch.deck_lens, batch.seeds, batch.variant_index,
                            7, batch.obs, batch.masks, rng, counters)
        for b in range(16):
            p = max(int(batch.states[b, H_DECIDER]), 0)
            clean = np.zeros(batch.obs.shape[1], np.float32)
            dirty = np.full(batch.obs.shape[1], np.nan, np.float32)
            k.observe_row(batch.states[b], batch._T, p, clean)
            k.observe_row(batch.states[b], batch._T, p, dirty)
            assert clean.tobytes() == dirty.tobytes()
            checked += 1
    assert checked == 640


def _toy_columns():
    from tcg_env.engine.blocks import WordColumns

    class Step(IntEnum):
        NONE = 0
        MAIN = 1
        END = 2

    c = WordColumns()
    c.is_player("is_decider", 3)
    c.onehot("step", 5, Step)
    c.scaled("turn_div20", 6, 20)
    c.written("by_the_game")
    c.pair("life_div7", 7, 7)  # words 7, 8
    c.players([("deck", 9, 1), ("marks", None, None), ("hand_div3", (13, 16), 3)], stride=2)
    return c


def test_word_columns_name_each_column_once_in_declaration_order():
    from tcg_env.engine.blocks import WordColumns

    c = _toy_columns()
    assert c.names == ["is_decider", "step_none", "step_main", "step_end", "turn_div20", "by_the_game", "my_life_div7",
                       "opp_life_div7", "my_deck", "my_marks", "my_hand_div3", "opp_deck", "opp_marks",
                       "opp_hand_div3"]
    with pytest.raises(ValueError, match="twice"):
        c.written("turn_div20")
    with pytest.raises(ValueError, match="numbered"):
        WordColumns().onehot("bad", 0, [IntEnum("Gap", {"A": 1, "B": 2}).A])


def test_the_generated_column_writer_writes_each_declared_column_from_its_word():
    """columns_writer's kernel, compiled: each sourced column is the declared word of the observer
    (or the opponent) over its scale, as float32 of the float64 quotient; written columns stay 0."""
    from tcg_env.engine.obsbuf import columns_writer

    c = _toy_columns()
    write = columns_writer(c, "write_toy")

    @njit
    def run(s, player, out):
        write(s, player, out, 2)

    s = np.arange(100, 120, dtype=np.int32)
    s[3], s[5] = 1, 2  # the decider is player 1; step END
    for player in (0, 1):
        out = np.zeros(2 + len(c.names), np.float32)
        run(s, player, out)
        col = {name: out[2 + i] for i, name in enumerate(c.names)}
        op = 1 - player
        assert col["is_decider"] == (1.0 if player == 1 else 0.0)
        assert (col["step_none"], col["step_main"], col["step_end"]) == (0.0, 0.0, 1.0)
        assert col["turn_div20"] == np.float32(s[6] / 20.0) and col["by_the_game"] == 0.0
        assert (col["my_life_div7"], col["opp_life_div7"]) == (np.float32(s[7 + player] / 7.0), np.float32(s[7 + op] / 7.0))
        assert (col["my_deck"], col["opp_deck"]) == (s[9 + 2 * player], s[9 + 2 * op])  # stride 2
        assert (col["my_hand_div3"], col["opp_hand_div3"]) == (np.float32(s[13 + 3 * player] / 3.0),
                                                               np.float32(s[13 + 3 * op] / 3.0))  # words 13, 16
        assert col["my_marks"] == col["opp_marks"] == 0.0 and out[0] == out[1] == 0.0


GAMES = ["fftcg", "force_of_will", "weiss_schwarz", "template"]


@pytest.mark.parametrize("game", GAMES)
def test_each_games_observation_shows_its_declared_global_words(game):
    """Every game declares its global columns with their state words (``observation.GLOBALS``); at
    states all over random games, each sourced column of either player's observation is the word
    the declaration names, over its scale (the one-hots: 1 at the word's value)."""
    import contextlib
    import importlib

    from tcg_env.engine.blocks import WordColumns as W
    from tcg_env.extra_games import registered

    O = importlib.import_module(f"tcg_env.games.{game}.observation")
    base = O.OBS["global"].base
    with registered(game) if game == "template" else contextlib.nullcontext():  # (not in the registry)
        batch = tcg_env.make_batch(game, 8, seed=6)
    k = batch.spec.kernels
    rng = k.seed_agent_rng(8, 1)
    counters = np.zeros((8, 5), np.int64)
    checked = 0
    for _ in range(25):
        k.random_play_batch(batch.states, batch._T, batch.decks, batch.deck_lens, batch.seeds, batch.variant_index,
                            5, batch.obs, batch.masks, rng, counters)
        for b in range(8):
            s = batch.states[b]
            for player in (0, 1):
                out = np.zeros(batch.obs.shape[1], np.float32)
                k.observe_row(s, batch._T, player, out)
                for kind, col, word, stride, scale, side in O.GLOBALS.sources:
                    w = word + stride * (player if side == W.MINE else 1 - player)
                    if kind == W.ONEHOT:
                        assert out[base + col + s[w]] == 1.0, O.GLOBALS.names[col]
                    elif kind == W.IS_PLAYER:
                        assert out[base + col] == (1.0 if s[w] == player else 0.0), O.GLOBALS.names[col]
                    else:
                        assert out[base + col] == np.float32(s[w] / scale), O.GLOBALS.names[col]
                checked += 1
    assert checked == 400
