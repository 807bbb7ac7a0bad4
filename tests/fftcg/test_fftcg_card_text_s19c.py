"""FF-TCG card text, session 19 (branch s19-ffc): "When a Forward your opponent controls is broken" looks at the
Forwards broken at once with the watching card (one event, CR 12.3: zones.scan_leaving_together, as the "put from the
field into the Break Zone" triggers of session 18); "up to" in the ability summaries; and the constructs of the cards
one line from exact (below). Made-up lines played in small games (the mini-pool helpers of session 13)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, import_mini
from tests.fftcg.test_fftcg_card_text_s13 import _c
from tests.fftcg.test_fftcg_card_text_s13 import _game as _game13
from tests.fftcg.test_fftcg_card_text_s18b import _cast, _hand, _on_field

WATCH = "When a Forward opponent controls is broken, draw 1 card."


def _records():
    rec = card_record("M")

    recs = [
        rec(1, "Duelist", "forward", 2, 5000, "Knight", WATCH),
        rec(2, "Quake", "summon", 1, 0, "", "Deal 9000 damage to all the Forwards."),
        rec(3, "Sweep", "summon", 1, 0, "", "Break all the Forwards."),
        rec(4, "Purge", "summon", 1, 0, "", "Choose 2 Forwards. Put them into the Break Zone."),
        rec(5, "Fan", "summon", 1, 0, "", "Choose up to 2 Forwards. Deal them 1000 damage."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(8)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff19c", _records())


BACKUPS = ("M-020", "M-021", "M-022")


def _game(mini, hand, mine, theirs=("M-047",)):
    return _game13(mini, hand=hand, mine=mine, theirs=theirs, backups=BACKUPS)


# ---- "When a Forward your opponent controls is broken": broken together with the watcher (CR 12.3) ----------------
def test_opp_forward_broken_line_compiles_exact():
    for line in (WATCH, WATCH.replace("opponent controls", "your opponent controls")):
        r = _c(line)
        assert r.verdict is Verdict.EXACT and r.approximations == (), line


def test_opp_forward_broken_sees_forwards_broken_by_the_rule_processes_with_it_CR_12_3(mini):
    # 9000 damage to every Forward: the rule processes break Duelist and the opponent's two Fillers at once (CR 12.3,
    # 12.4.5); Duelist leaves first (the lower slot) and, one card at a time, saw neither: it sees both
    g = _game(mini, hand=("M-002",), mine=("M-001",), theirs=("M-046", "M-047"))
    hand = _hand(g)
    _cast(g, "Quake")
    assert _on_field(g, 0) == len(BACKUPS) and _on_field(g, 1) == 0
    assert _hand(g) == hand - 1 + 2


def test_opp_forward_broken_sees_forwards_broken_by_one_effect_with_it(mini):
    # "Break all the Forwards.": one effect breaks the three at once (Op.BREAK on its targets, effects.scan_targets_leaving)
    g = _game(mini, hand=("M-003",), mine=("M-001",), theirs=("M-046", "M-047"))
    hand = _hand(g)
    _cast(g, "Sweep")
    assert _on_field(g, 0) == len(BACKUPS) and _on_field(g, 1) == 0
    assert _hand(g) == hand - 1 + 2


def test_put_into_the_break_zone_together_is_not_broken_CR_15_1_1_3_2(mini):
    # "Put them into the Break Zone." is no break: Duelist and the opponent's Filler leave together, nothing triggers
    g = _game(mini, hand=("M-004",), mine=("M-001",))
    hand = _hand(g)
    _cast(g, "Purge", "Choose your Duelist", "Choose opponent's Filler 7")
    assert _on_field(g, 0) == len(BACKUPS) and _on_field(g, 1) == 0
    assert _hand(g) == hand - 1


def test_opp_forward_broken_ignores_its_own_side_forwards(mini):
    # the Fillers Duelist's controller controls broken with it: not the opponent's
    g = _game(mini, hand=("M-003",), mine=("M-001", "M-040"), theirs=("M-047",))
    hand = _hand(g)
    _cast(g, "Sweep")
    assert _hand(g) == hand - 1 + 1


# ---- "up to" in the ability summary (the "Use ability" / target descriptions) --------------------------------------
def test_ability_summary_says_up_to(mini):
    _, pool = mini
    summaries = [pool.ability_summary(r) for r in range(len(pool.ability_source))]
    assert "summon: choose up to 2 -> damage 1000" in summaries
    assert "summon: choose 2 -> put_into_break_zone" in summaries
