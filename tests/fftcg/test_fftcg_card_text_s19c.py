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
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _c
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
        rec(6, "Sentry", "forward", 2, 5000, "Knight", "When a Light Forward enters your field, put Sentry into the Break "
            "Zone."),
        rec(7, "Hermit", "forward", 2, 5000, "Knight", "When Hermit enters the field, you may put Hermit into the Break "
            "Zone."),
        rec(8, "Lumen", "forward", 1, 5000, "Angel", "", element="light"),
        rec(9, "Herald Cast", "forward", 1, 5000, "Knight", "When Herald Cast enters the field due to your cast, draw 1 "
            "card."),
        rec(10, "Herald Called", "forward", 1, 5000, "Knight", "When Herald Called enters the field due to your Summons "
            "or abilities, draw 1 card."),
        rec(11, "Call", "summon", 1, 0, "", "Play 1 Forward from your hand onto the field."),
        rec(12, "Spy", "forward", 1, 5000, "Thief", "When Spy enters the field, your opponent reveals their hand. You may "
            "select 1 Forward from their hand. If you do so, remove it from the game and your opponent draws 1 card."),
        rec(13, "Snoop", "forward", 1, 5000, "Thief", "When Snoop enters the field, your opponent reveals their hand. You "
            "may select 1 card from their hand. If you do so, your opponent discards it and draws 1 card."),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(4)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 2, 5000, "Soldier", "") for i in range(8)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff19c", _records())


BACKUPS = ("M-020", "M-021", "M-022")


def _game(mini, hand, mine, theirs=("M-047",), their_hand=()):
    return _game13(mini, hand=hand, mine=mine, theirs=theirs, backups=BACKUPS, their_hand=their_hand)


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


# ---- "put ~ into the Break Zone." / "you may put ~ into the Break Zone." (CR 15.1.1.3.2: not broken) ---------------
@pytest.mark.parametrize("line", [
    "When a Light Forward enters your field, put Zell Test into the Break Zone.",
    "When Zell Test enters the field, you may put Zell Test into the Break Zone.",
    "When Zell Test attacks, you may remove Zell Test from the game.",
    "When Zell Test is put from the field into the Break Zone, you may remove Zell Test from the game.",
    "{Dull}: Put Zell Test into the Break Zone.",
])
def test_put_self_into_the_break_zone_compiles_exact(line):
    r = _c(line)
    assert r.verdict is Verdict.EXACT and r.approximations == (), (line, r.reason)


def test_you_may_alone_needs_an_instruction_of_the_card_itself():
    # "you may discard 1 card." alone: not this construct
    assert _c("When Zell Test enters the field, you may discard 1 card.").verdict is Verdict.UNSUPPORTED


def _break_zone(g, player=0):
    return int(g.state[S.BREAK_N + player])


def _play_and_resolve(g, name, accept):
    _play_only(g, name)
    for _ in range(40):
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            return
        if g.decision == K.Decision.OPTIONAL_EFFECT:
            g.step(K.OPTION_BASE if accept else K.PASS)
        else:
            g.step(_answer(g))


def _play_only(g, name):
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith(f"Play {name}")))
    while g.decision == K.Decision.PAY_CP:
        g.step(_answer(g))


def test_a_light_forward_entering_puts_the_watcher_into_the_break_zone(mini):
    # Lumen (Light) enters: Sentry's ability puts Sentry into the Break Zone (Lumen stays)
    g = _game(mini, hand=("M-008",), mine=("M-006",))
    broken = _break_zone(g)
    _play_and_resolve(g, "Lumen", True)
    assert _on_field(g, 0) == len(BACKUPS) + 1
    assert _break_zone(g) == broken + 1


@pytest.mark.parametrize("accept", [True, False])
def test_you_may_put_it_into_the_break_zone_asked_on_resolution_CR_11_8_14(mini, accept):
    g = _game(mini, hand=("M-007",), mine=())
    broken = _break_zone(g)
    _play_and_resolve(g, "Hermit", accept)
    assert _on_field(g, 0) == len(BACKUPS) + (0 if accept else 1)
    assert _break_zone(g) == broken + (1 if accept else 0)


# ---- "When ~ enters the field due to your cast / due to your Summons or abilities" ---------------------------------
@pytest.mark.parametrize("line, trigger", [
    ("When Zell Test enters the field due to your cast, draw 1 card.", "enters_self_cast"),
    ("When Zell Test enters the field due to your Summons or abilities, draw 1 card.", "enters_self_by_effect"),
    ("When Zell Test enters the field due to a Summon or an ability, draw 1 card.", "enters_self_by_effect"),
])
def test_enters_the_field_due_to_compiles_exact(line, trigger):
    r = _c(line)
    assert r.verdict is Verdict.EXACT and r.approximations == (), (line, r.reason)
    assert [ab["trigger"] for ab in r.abilities] == [trigger]


@pytest.mark.parametrize("card, by_call, draws", [
    ("M-009", False, 1),  # Herald Cast played from the hand: its cost paid, "due to your cast"
    ("M-009", True, 0),  # put onto the field by Call: not cast
    ("M-010", False, 0),  # Herald Called played from the hand: not by a Summon or an ability
    ("M-010", True, 1),  # put onto the field by Call
])
def test_enters_the_field_due_to_your_cast_or_your_summons(mini, card, by_call, draws):
    g = _game(mini, hand=(card, "M-011") if by_call else (card,), mine=())
    hand = _hand(g)
    if by_call:
        _cast(g, "Call")  # (the one Forward of the hand selected)
    else:
        _play_and_resolve(g, "Herald", True)
    _resolve_all(g)
    assert _on_field(g, 0) == len(BACKUPS) + 1
    assert _hand(g) == hand - (2 if by_call else 1) + draws


def _resolve_all(g):
    for _ in range(40):
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            return
        g.step(_answer(g))


# ---- "Your opponent reveals their hand. You may select 1 ... If you do so, ..." (Op.HAND_SELECT, HAND_SELECT_MAY) -----
@pytest.mark.parametrize("line", [
    "When Zell Test enters the field, your opponent reveals their hand. You may select 1 card from their hand. If you do "
    "so, remove it from the game and your opponent draws 1 card.",
    "When Zell Test enters the field or attacks, your opponent reveals their hand. You may select 1 card from their "
    "hand. If you do so, your opponent discards it and draws 1 card.",
])
def test_you_may_select_in_the_revealed_hand_compiles_exact(line):
    r = _c(line)
    assert r.verdict is Verdict.EXACT and r.approximations == (), (line, r.reason)
    ops = [op["op"] for op in r.abilities[0]["effect"]]
    assert ops == ["hand_select", "if_done", "draw"]


def _in_zone(g, zone, player):
    return sum(1 for sl in range(S.N_SLOTS) if int(g.state[S.ZONE + sl * S.CARD_W]) == zone
               and int(g.state[S.OWNER + sl * S.CARD_W]) == player)


@pytest.mark.parametrize("card, select, zone", [
    ("M-012", True, K.Zone.REMOVED), ("M-012", False, K.Zone.REMOVED),
    ("M-013", True, K.Zone.BREAK), ("M-013", False, K.Zone.BREAK),
])
def test_you_may_select_then_they_draw_only_if_one_was_selected(mini, card, select, zone):
    # the hand is revealed either way; selecting none (PASS) skips "If you do so"
    g = _game(mini, hand=(card,), mine=(), their_hand=("M-046", "M-047", "M-003"))
    hand, there = int(g.state[S.HAND_N + 1]), _in_zone(g, zone, 1)
    _play_only(g, "Spy" if card == "M-012" else "Snoop")
    for _ in range(40):
        if g.decision == K.Decision.SELECT_CARD:
            acts = [int(a) for a in g.legal_actions()]
            assert K.PASS in acts  # "you may"
            if not select:
                g.step(K.PASS)
                continue
            # Spy: Forwards only (the Summon Sweep is not offered)
            assert len(acts) == (3 if card == "M-012" else 4)
            g.step(next(a for a in acts if a != K.PASS))
            continue
        if g.done or (g.decision == K.Decision.PRIORITY and int(g.state[S.STACK_N]) == 0):
            break
        g.step(_answer(g))
    assert int(g.state[S.HAND_N + 1]) == hand  # one gone, one drawn; or none
    assert _in_zone(g, zone, 1) == there + int(select)
