"""FF-TCG card text, session 21 (branch s21-ffa): "This effect / This ability will trigger only once per turn." on an
auto-ability (A_ONCE: the card's RESTRICT_TRIGGERED_ONCE mark, set as it triggers, triggers.queue_once; a restriction
until the end of the turn, CR 9.5.1.3.2, that a card forgets when it moves, CR 7.4); "It loses First Strike until the end
of the turn.", "Until the end of the turn, all the Forwards opponent controls lose Haste, First Strike and Brave."
(RESTRICT_LOST_*: a text change, CR 11.12.4.6, in timestamp order with the grants, CR 11.12.4.13; approximate:
lost_keywords_field_grants). Made-up lines compiled and played in small games (the mini-pool helpers of the session 13 /
19 modules)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tcg_env.games.fftcg.card_text import COMPILER
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, mini_deck, slot_of
from tests.fftcg.test_fftcg_card_text_s13 import _resolve

FWD = {"name": "Zed", "type": "forward", "element": "wind", "cost": 3, "power": 7000, "job": "Knight"}
BACKUP = {"name": "Zed", "type": "backup", "element": "wind", "cost": 3, "job": "Mage"}
ONCE = "When a Forward enters your field, draw 1 card. This effect will trigger only once per turn."
EVERY = "When a Forward enters your field, draw 1 card."
SAPPER = "{Dull}: Choose 1 Forward. Until the end of the turn, it loses Haste, First Strike and Brave."
LEVELER = ("Put Leveler into the Break Zone: Until the end of the turn, all the Forwards opponent controls lose Haste, "
           "First Strike and Brave.")


def _records():
    rec = card_record("U", "wind")
    recs = [rec(1, "Watcher", "backup", 2, 0, "Mage", ONCE),
            rec(2, "Greeter", "backup", 2, 0, "Mage", EVERY),
            rec(3, "Sapper", "backup", 2, 0, "Mage", SAPPER),
            rec(4, "Leveler", "backup", 2, 0, "Mage", LEVELER),
            rec(5, "Knight", "forward", 3, 7000, "Knight", "Brave[[br]]First Strike"),
            rec(6, "Valor", "summon", 1, 0, "", "Choose 1 Forward. It gains First Strike until the end of the turn."),
            rec(7, "Banner", "backup", 2, 0, "Mage", "The Forwards you control gain First Strike.")]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 1, 0, "Clerk", "") for i in range(7)]
    recs += [rec(40 + i, f"Filler {i}", "forward", 1, 5000, "Soldier", "") for i in range(8)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff21a", _records())


BACKUPS = ("U-020", "U-021", "U-022", "U-023", "U-024")


def _game(mini, hand, mine=(), theirs=("U-043",)):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)), turn_player=0)
    sc.field(0, [*BACKUPS, *mine])
    sc.field(1, list(theirs))
    sc.hand(0, list(hand))
    return sc.game()


def _play(g, name):
    do(g, f"Play {name}")
    _resolve(g)


def _hand(g):
    return int(g.state[S.HAND_N])


# ---- "This effect will trigger only once per turn." ------------------------------------------------------------------
@pytest.mark.parametrize("line, card", [
    (ONCE, BACKUP),
    ("When a Forward you control is put from the field into the Break Zone, draw 1 card. This ability will trigger "
     "only once per turn.", BACKUP),
    ("When Zed attacks, you may draw 1 card. This effect will trigger only once per turn.", FWD),
])
def test_once_per_turn_trigger_compiles_exact_with_the_mark(line, card):
    res = COMPILER.compile_line(line, card)
    assert res.verdict is Verdict.EXACT, res.reason
    assert all(ab["kind"] == "auto" and ab["once_per_turn"] for ab in res.abilities)


def test_once_per_turn_trigger_one_line_two_triggers_share_one_ability():
    # "When ~ enters the field or attacks, ...": one printed ability, one mark (both of its triggers carry it)
    res = COMPILER.compile_line("When Zed enters the field or attacks, draw 1 card. This effect will trigger only once "
                                "per turn.", FWD)
    assert res.verdict is Verdict.EXACT, res.reason
    assert [ab["trigger"] for ab in res.abilities] == ["enters_self", "attacks_self"]
    assert all(ab["once_per_turn"] for ab in res.abilities)


@pytest.mark.parametrize("line", [
    # the card's own leaving: the mark would be on a card that has left (a new card, CR 7.4)
    "When Zed is put from the field into the Break Zone, draw 1 card. This effect will trigger only once per turn.",
    # an EX Burst is no trigger (CR 11.10.3)
    "EX BURST When Zed enters the field, draw 1 card. This effect will trigger only once per turn.",
])
def test_once_per_turn_trigger_refused_where_the_mark_cannot_follow(line):
    assert COMPILER.compile_line(line, FWD).verdict is Verdict.UNSUPPORTED


def test_once_per_turn_trigger_cr_11_8_triggers_once_then_not_again_this_turn(mini):
    g = _game(mini, hand=("U-040", "U-041", "U-042"), mine=("U-001",))
    watcher = slot_of(g, "U-001")
    n = _hand(g)
    _play(g, "Filler 0")
    assert _hand(g) == n - 1 + 1  # played one, drew one
    assert int(g.state[S.RST_EOT + watcher * S.CARD_W]) & K.RESTRICT_TRIGGERED_ONCE
    _play(g, "Filler 1")
    assert _hand(g) == n - 1  # played one more, drew none: the ability does not trigger again this turn
    assert int(g.state[S.PT_N]) == 0


def test_once_per_turn_trigger_without_the_sentence_triggers_every_time(mini):
    g = _game(mini, hand=("U-040", "U-041", "U-042"), mine=("U-002",))
    n = _hand(g)
    _play(g, "Filler 0")
    _play(g, "Filler 1")
    assert _hand(g) == n  # two played, two drawn


def test_once_per_turn_trigger_each_card_has_its_own_mark(mini):
    # two copies: each card's ability triggers once (the mark is the card's, not the name's)
    g = _game(mini, hand=("U-040", "U-041", "U-042"), mine=("U-001", "U-001"))
    n = _hand(g)
    _play(g, "Filler 0")
    assert _hand(g) == n - 1 + 2
    _play(g, "Filler 1")
    assert _hand(g) == n - 2 + 2


def test_once_per_turn_trigger_cr_9_5_1_3_2_mark_ends_with_the_turn(mini):
    g = _game(mini, hand=("U-040", "U-041"), mine=("U-001",))
    watcher = slot_of(g, "U-001")
    _play(g, "Filler 0")
    assert int(g.state[S.RST_EOT + watcher * S.CARD_W]) & K.RESTRICT_TRIGGERED_ONCE
    for _ in range(40):  # on to the opponent's turn
        if int(g.state[S.TURN_PLAYER]) == 1:
            break
        g.step(K.PASS if K.PASS in [int(a) for a in g.legal_actions()] else int(g.legal_actions()[0]))
    assert int(g.state[S.TURN_PLAYER]) == 1
    assert not int(g.state[S.RST_EOT + watcher * S.CARD_W]) & K.RESTRICT_TRIGGERED_ONCE


def test_once_per_turn_trigger_two_different_lines_on_one_card_refused(tmp_path_factory):
    import json

    from tcg_env.games.fftcg.importer import import_fftcg_json

    rec = card_record("V", "wind")
    text = ONCE + "[[br]]When Twin attacks, draw 2 cards. This effect will trigger only once per turn."
    p = tmp_path_factory.mktemp("ff21a2") / "twin.json"
    p.write_text(json.dumps([rec(1, "Twin", "forward", 2, 5000, "Mage", text)]))
    res = import_fftcg_json(p)
    # each line compiles alone; the card, with two marks to keep (one per card), breaks the pool compiler's rule
    (record,) = res.text_records
    assert [line.verdict for line in record.lines] == [Verdict.UNSUPPORTED] * 2
    assert "only once per turn" in record.lines[0].reason


# ---- "loses Haste, First Strike and Brave" -----------------------------------------------------------------------------
@pytest.mark.parametrize("line, lost", [
    ("{Dull}: Choose 1 Forward. It loses First Strike until the end of the turn.", ["lose_first_strike"]),
    (SAPPER, ["lose_haste", "lose_first_strike", "lose_brave"]),
    (LEVELER.replace("Leveler", "Zed"), ["lose_haste", "lose_first_strike", "lose_brave"]),
])
def test_lose_keywords_compiles_to_the_lost_restrictions_approximate(line, lost):
    res = COMPILER.compile_line(line, BACKUP)
    assert res.verdict is Verdict.APPROXIMATE, res.reason
    assert res.approximations == ("lost_keywords_field_grants",)
    (op,) = [op for op in res.abilities[0]["effect"] if op["op"] == "restrict"]
    assert op["restrictions"] == lost and op["duration"] == "end_of_turn"


def test_lose_keywords_field_ability_not_compiled():
    # "All Forwards lose Haste." (a field ability's loss: not read, cards.py refuses it)
    assert COMPILER.compile_line("All Forwards lose Haste.", BACKUP).verdict is Verdict.UNSUPPORTED


def _kw(g, slot):
    return int(g.state[S.D_KW + slot * S.CARD_W])


def _sap(g, target):
    do(g, "Use ability: Sapper", target)
    _resolve(g)


def test_lose_keywords_cr_11_12_4_printed_keywords_lost_until_the_end_of_the_turn(mini):
    g = _game(mini, hand=(), mine=("U-003",), theirs=("U-005",))
    knight = slot_of(g, "U-005", player=1)
    assert _kw(g, knight) == K.KW_BRAVE | K.KW_FIRST_STRIKE
    _sap(g, "Choose opponent's Knight")
    assert _kw(g, knight) == 0
    # public: the observation's keywords and the lost ones, for both players
    from tcg_env.games.fftcg import observation as O

    for viewer, base in ((0, O.OBS_OPP_FIELD), (1, O.OBS_OWN_FIELD)):
        obs = g.observe(viewer)
        assert obs[base + O.R_KW_LOST] == K.KW_BRAVE | K.KW_FIRST_STRIKE | K.KW_HASTE
        assert obs[base + O.R_BRAVE] == 0.0 and obs[base + O.R_FIRST_STRIKE] == 0.0
    for _ in range(40):  # on to the opponent's turn: the loss has ended (CR 9.5.1.3.2)
        if int(g.state[S.TURN_PLAYER]) == 1:
            break
        g.step(K.PASS if K.PASS in [int(a) for a in g.legal_actions()] else int(g.legal_actions()[0]))
    assert _kw(g, knight) == K.KW_BRAVE | K.KW_FIRST_STRIKE


def _cast_valor(g):
    """Cast one of the copies of Valor ("Choose 1 Forward. It gains First Strike until the end of the turn.") on Filler 0."""
    g.step(next(int(a) for a in g.legal_actions() if g.describe_action(int(a)).startswith("Cast Valor")))
    do(g, "Choose your Filler 0")
    _resolve(g)


def test_lose_keywords_cr_11_12_4_13_granted_before_lost_granted_after_kept(mini):
    g = _game(mini, hand=("U-006", "U-006"), mine=("U-003", "U-040"))
    fwd = slot_of(g, "U-040")
    _cast_valor(g)
    assert _kw(g, fwd) == K.KW_FIRST_STRIKE
    _sap(g, "Choose your Filler 0")
    assert _kw(g, fwd) == 0  # the grant before the loss is lost
    _cast_valor(g)
    assert _kw(g, fwd) == K.KW_FIRST_STRIKE  # the one after it applies


def test_lose_keywords_field_ability_grant_masked_while_the_loss_lasts(mini):
    # lost_keywords_field_grants: the Banner was on the field before the loss (its timestamp earlier): lost
    g = _game(mini, hand=(), mine=("U-003", "U-007", "U-040"))
    fwd = slot_of(g, "U-040")
    assert _kw(g, fwd) == K.KW_FIRST_STRIKE
    _sap(g, "Choose your Filler 0")
    assert _kw(g, fwd) == 0


def test_lose_keywords_all_the_forwards_opponent_controls(mini):
    g = _game(mini, hand=(), mine=("U-004", "U-005"), theirs=("U-005", "U-043"))
    mine, theirs = slot_of(g, "U-005"), slot_of(g, "U-005", player=1)
    do(g, "Use ability: Leveler")
    _resolve(g)
    assert _kw(g, theirs) == 0
    assert _kw(g, mine) == K.KW_BRAVE | K.KW_FIRST_STRIKE


def test_duration_typo_until_the_end_of_he_turn_reads_as_the_turn():
    # one printing's "until the end of he turn": the same duration as "until the end of the turn"
    typo = COMPILER.compile_line("When Zed attacks, Zed gains +1000 power until the end of he turn.", FWD)
    plain = COMPILER.compile_line("When Zed attacks, Zed gains +1000 power until the end of the turn.", FWD)
    assert typo.verdict is Verdict.EXACT and typo.abilities == plain.abilities


def test_condition_it_also_gains_reads_as_the_condition_s_also():
    # "If C, it also gains Haste ..." = "If C, also it gains ..." (cond_sent's "also" after the pronoun): an IF row
    summon = {"name": "Zap", "type": "summon", "element": "fire", "cost": 3}
    head = "Choose 1 Forward. It gains +1000 power until the end of the turn. If you have received 5 points of damage or more, "
    also = COMPILER.compile_line(head + "it also gains Haste until the end of the turn.", summon)
    plain = COMPILER.compile_line(head + "it gains Haste until the end of the turn.", summon)
    assert also.verdict is Verdict.EXACT and also.abilities == plain.abilities
    assert [op["op"] for op in also.abilities[0]["effect"]] == ["choose", "power", "if", "grant_keyword"]


@pytest.mark.parametrize("turn, kind", [("your turn", "your_turn"), ("your opponent's turn", "opp_turn")])
def test_once_per_turn_trigger_only_during_a_turn_is_also_the_condition(turn, kind):
    # "This effect will trigger only during your turn and only once per turn.": the condition your_turn / opp_turn
    # (CR 11.8.13: checked as it triggers; the turn cannot change before it resolves) and the once-per-turn mark
    line = f"When a Forward enters your field, draw 1 card. This effect will trigger only during {turn} and only once per turn."
    res = COMPILER.compile_line(line, BACKUP)
    assert res.verdict is Verdict.EXACT, res.reason
    (ab,) = res.abilities
    assert ab["condition"] == {"kind": kind, "value": 0} and ab["once_per_turn"]
    # with a condition of its own: two conditions, which the engine does not check together
    two = ("When a Forward enters your field, if you control 2 or more Backups, draw 1 card. This effect will trigger "
           f"only during {turn} and only once per turn.")
    assert COMPILER.compile_line(two, BACKUP).verdict is Verdict.UNSUPPORTED
