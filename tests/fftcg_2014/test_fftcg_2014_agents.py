"""FF-TCG 2014's in-kernel agents: the heuristic against random play (issue 28: at least 80% of 400
games). (Its actions' legality is checked for every game in tests/conformance/test_core_agents.py, the
search agent's in tests/agents/test_search.py.)"""

from __future__ import annotations

from agents.arena import kernel_match
from tcg_env.registry import get_spec

P = get_spec("fftcg_2014").kernels


def test_heuristic_beats_random_in_at_least_80_percent_of_400_games():
    # mirrored pairs over the ordered pairs of the built-in decks, both seat orders
    r = kernel_match(P.AGENT_HEURISTIC, P.AGENT_RANDOM, 400, seed=2014, game="fftcg_2014")
    assert r.games == 400 and r.draws + r.wins_a + r.wins_b == 400
    assert r.score_a >= 0.80, str(r)
