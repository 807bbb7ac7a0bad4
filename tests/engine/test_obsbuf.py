"""engine.obsbuf: writing an observation over the previous one (random play from a row's second
decision of a call on) gives exactly the vector a full write gives, at every decision."""

import numpy as np
import pytest
from numba import njit

import tcg_env
from tcg_env.engine.batch import pick_uniform
from tcg_env.engine.header import H_DECIDER, H_DONE


def _checker(game):
    kernels = __import__(f"tcg_env.games.{game}.kernels", fromlist=["legal_mask_row"])
    observation = __import__(f"tcg_env.games.{game}.observation", fromlist=["observe_into"])
    legal_mask_row, apply_unchecked = kernels.legal_mask_row, kernels.apply_unchecked
    observe_into, observe_row = observation.observe_into, observation.observe_row

    @njit
    def check(states, T, obs, fresh, masks, rng, max_decisions):
        """Play every row to its end; at each decision write the observation over the previous one
        (as random play does) and into a zeroed buffer; count decisions and mismatching ones."""
        decisions = 0
        mismatches = 0
        for b in range(states.shape[0]):
            s = states[b]
            for t in range(max_decisions):
                if s[H_DONE] != 0:
                    break
                n_legal = legal_mask_row(s, T, masks[b])
                p = np.int64(s[H_DECIDER])
                observe_into(s, T, p, obs[b], t > 0)
                fresh[:] = 0.0
                observe_row(s, T, p, fresh)
                for j in range(fresh.shape[0]):
                    if fresh[j] != obs[b, j]:
                        mismatches += 1
                        break
                decisions += 1
                apply_unchecked(s, T, np.int64(pick_uniform(masks[b], n_legal, rng[b])))
        return decisions, mismatches

    return check


@pytest.mark.parametrize("game", ["fftcg", "weiss_schwarz"])
def test_observation_written_over_the_previous_one_equals_a_full_write(game):
    batch = tcg_env.make_batch(game, 24, seed=13)
    rng = batch.spec.kernels.seed_agent_rng(24, 5)
    fresh = np.zeros(batch.obs.shape[1], np.float32)
    # start from garbage-free zeros, as a batch's buffers are
    batch.obs[:] = 0.0
    decisions, mismatches = _checker(game)(batch.states, batch._T, batch.obs, fresh, batch.masks, rng, 5000)
    assert decisions > 24 * 100
    assert mismatches == 0


@pytest.mark.parametrize("game", ["fftcg", "weiss_schwarz"])
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
