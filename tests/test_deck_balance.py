"""The built-in decks are balanced under the heuristic (issue 16, item 13).

In a heuristic round robin of 400 games per pair, every built-in deck of every game wins 35-65% of
its games against the field and at least 15% in each pairing; otherwise the matchup table
(docs/matchup.md) says more about a broken list than about the decks. The slow test checks exactly
that. CI runs the short form: 256 games per pair with the band widened by three binomial standard
deviations at its edges, so it fails when a deck is broken (the first Twilight Knights won 2% of
its games) but not on the sampling noise of the smaller run. Fixed seeds make both deterministic.
"""

from __future__ import annotations

import math

import pytest

from tcg_env.matchup import run_matchup

GAMES = ("fftcg", "fftcg_2014", "weiss_schwarz", "force_of_will", "dbscg")
FIELD_LOW, FIELD_HIGH = 0.35, 0.65  # win rate against the field
PAIR_LOW = 0.15  # win rate in each pairing
Z = 3.0  # the short form's tolerance in binomial standard deviations


def _rates(game: str, games: int, seed: int):
    """(field win rate and games per deck, [(deck, opponent, win rate)]) of a heuristic round robin."""
    res = run_matchup(game, None, agent="heuristic", games=games, seed=seed, heatmap=False)
    won: dict[str, float] = {}
    played: dict[str, int] = {}
    pairs = []
    for r in res.pairs:
        score_a = r.win_rate_a * r.games  # draws count half, as in the tables
        for deck, score in ((r.deck_a, score_a), (r.deck_b, r.games - score_a)):
            won[deck] = won.get(deck, 0.0) + score
            played[deck] = played.get(deck, 0) + r.games
        pairs += [(r.deck_a, r.deck_b, r.win_rate_a), (r.deck_b, r.deck_a, 1.0 - r.win_rate_a)]
    field = {d: (won[d] / played[d], played[d]) for d in won}
    return field, pairs


def _spread(p: float, n: int) -> float:
    return Z * math.sqrt(p * (1.0 - p) / n)


def _check(game: str, games: int, seed: int, widen: bool) -> None:
    field, pairs = _rates(game, games, seed)
    assert len(field) >= 4  # every built-in deck took part
    problems = []
    for deck, (rate, n) in sorted(field.items()):
        lo = FIELD_LOW - (_spread(FIELD_LOW, n) if widen else 0.0)
        hi = FIELD_HIGH + (_spread(FIELD_HIGH, n) if widen else 0.0)
        if not lo <= rate <= hi:
            problems.append(f"{deck} wins {rate:.1%} against the field ({n} games), outside [{lo:.1%}, {hi:.1%}]")
    floor = PAIR_LOW - (_spread(PAIR_LOW, games) if widen else 0.0)
    for deck, opp, rate in pairs:
        if rate < floor:
            problems.append(f"{deck} wins {rate:.1%} against {opp} ({games} games), below {floor:.1%}")
    assert not problems, f"{game}: " + "; ".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_built_in_decks_are_balanced_short_form(game):
    _check(game, 256, seed=1, widen=True)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_built_in_decks_win_35_to_65_percent_against_the_field_in_400_games_per_pair(game):
    _check(game, 400, seed=0, widen=False)

