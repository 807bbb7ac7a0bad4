"""FF-TCG card text, session 22 (branch s22-ffb): the cards cast this turn counted with the Characters played from the hand
(state.CAST_N packs the Summons and the cards cast, constants.CAST_UNIT: "if you have cast N or more cards this turn"
exact, Trigger.CAST_CARD_2..7 "when you cast the N-th card you've cast", K.PER_CAST_CARDS "for each card you have cast
this turn" with the floor "(it cannot become 1 or less)"), Condition.OPP_FORWARDS_MORE ("If your opponent controls N or
more Forwards more than you") and Condition.TURN_BIT over the player's "this turn" bits (FORWARD_PUT_BREAK_BIT: "if a
Forward you controlled has been put from the field into the Break Zone this turn", PARTY_FORMED_BIT: "If a Forward you
controlled formed a party this turn"), both public (observation). Made-up lines played in small games."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.engine.header import H_TURN
from tcg_env.games.fftcg import constants as K
from tcg_env.games.fftcg import state as S
from tests.fftcg.fftcg_helpers import card_record, do, import_mini, mini_deck
from tests.fftcg.test_fftcg_card_text_s13 import _answer, _attack, _c, _legal, _resolve, _usable

COUNTER = "When Counter enters the field, if you have cast 3 or more cards this turn, draw 1 card."
TRI = "During each turn, when you cast the third card you've cast, draw 1 card."
TRIO = "When you cast the third card you've cast this turn, draw 1 card."
CLOUDY = "The cost required to cast Cloudy is reduced by 2 for each card you have cast this turn (it cannot become 1 or less)."
OUTNUM = "If your opponent controls 2 or more Forwards more than you, the cost required to cast Outnum is reduced by 2."
GRIEF = ("{1}: Draw 1 card. You can only use this ability if a Forward you controlled has been put from the field into "
         "the Break Zone this turn.")
BOND = "If a Forward you controlled formed a party this turn, the cost required to cast Bond is reduced by 2."
BLAZE = "If a Fire Forward has entered your field this turn, the cost required to cast Blaze is reduced by 3."
RALLY = "If a Forward you controlled attacked this turn, the cost required to cast Rally is reduced by 2."
FENCER = ("{Dull}, put Fencer into the Break Zone: Choose 1 Forward. Deal it 4000 damage. If you have received a point "
          "of damage this turn, deal it 8000 damage instead.")


def _records():
    rec = card_record("Q")
    recs = [
        rec(1, "Counter", "forward", 2, 5000, "Sky Pirate", COUNTER),
        rec(2, "Tri", "backup", 2, 0, "Scholar", TRI),
        rec(3, "Trio", "forward", 1, 5000, "Scholar", TRIO),
        rec(4, "Splash", "summon", 1, 0, "", "Choose 1 Forward. Deal it 3000 damage."),
        rec(5, "Cloudy", "forward", 5, 8000, "Soldier", CLOUDY),
        rec(6, "Outnum", "forward", 5, 8000, "Soldier", OUTNUM),
        rec(7, "Grief", "backup", 2, 0, "Mourner", GRIEF),
        rec(8, "Zap", "summon", 1, 0, "", "Choose 1 Forward. Break it."),
        rec(9, "Bond", "forward", 5, 8000, "Soldier", BOND),
        rec(10, "Blaze", "forward", 5, 8000, "Soldier", BLAZE),
        rec(11, "Rally", "forward", 5, 8000, "Soldier", RALLY),
        rec(12, "Fencer", "backup", 2, 0, "Fencer", FENCER),
        rec(13, "Poke", "summon", 1, 0, "", "Deal 1 point of damage to your opponent."),
        rec(14, "Tower", "forward", 5, 10000, "Soldier", ""),
    ]
    recs += [rec(20 + i, f"Clerk {i}", "backup", 2, 0, "Clerk", "") for i in range(5)]
    recs += [rec(40 + i, f"Scout {i}", "forward", 1, 5000, "Soldier", "") for i in range(6)]
    return recs


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return import_mini(tmp_path_factory, "ff22b", _records())


BACKUPS = ("Q-020", "Q-021", "Q-022", "Q-023")


def _game(mini, hand=(), mine=(), theirs=("Q-045",), backups=BACKUPS, cast=0, turn_bits=0):
    from tcg_env.games.fftcg.scenario import Scenario

    res, pool = mini
    sc = Scenario.main_phase(pool, decks=(mini_deck(res, 3), mini_deck(res, 3)))
    sc.field(0, [*backups, *mine])
    sc.field(1, list(theirs))
    sc.hand(0, list(hand))
    sc.row[S.CAST_N] = cast * K.CAST_UNIT  # cards (Characters) cast this turn before the test's
    sc.row[S.PLAYER_SHIELD] = turn_bits
    return sc.game()


def _play(g, name, *choices):
    # "Play <Character>" / "Cast <Summon>" of the first copy in the hand, paid with Backups, resolved
    g.step(next(a for a in _legal(g) if g.describe_action(a).split(" (")[0] in (f"Play {name}", f"Cast {name}")))
    do(g, *choices)
    _resolve(g)


def _cards_cast(g, player=0):
    return int(g.state[S.CAST_N + player]) // K.CAST_UNIT


def _summons_cast(g, player=0):
    return int(g.state[S.CAST_N + player]) % K.CAST_UNIT


def _seen(g, viewer):
    from tcg_env.games.fftcg import observation as O

    return dict(zip(O.OBS.column_names(), g.observe(viewer).tolist()))


# ---- compiling ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, card, expect", [
    (COUNTER, ("Counter", "forward"), {"condition": {"kind": "cast_cards_at_least", "value": 3}}),
    (TRI, ("Tri", "backup"), {"trigger": "cast_card_3"}),
    (TRIO, ("Trio", "forward"), {"trigger": "cast_card_3"}),
    ("During each turn, when you cast the second card you've cast, draw 1 card.", ("Tri", "backup"),
     {"trigger": "cast_card_2"}),
    ("During each turn, when you cast the fifth card you've cast, draw 1 card.", ("Tri", "backup"),
     {"trigger": "cast_card_5"}),
    (CLOUDY, ("Cloudy", "forward"), {"effect": [{"op": "self_cost_reduction", "amount": 2, "per": "cast_cards",
                                                  "floor": 2}]}),
    (OUTNUM, ("Outnum", "forward"), {"condition": {"kind": "opp_forwards_more", "value": 2}}),
    (GRIEF, ("Grief", "backup"), {"condition": {"kind": "forward_put_break_this_turn", "value": 0}}),
    (BOND, ("Bond", "forward"), {"condition": {"kind": "party_formed_this_turn", "value": 0}}),
    ("When Bond enters the field, if a Forward you controlled formed a party this turn, draw 2 cards.",
     ("Bond", "forward"), {"condition": {"kind": "party_formed_this_turn", "value": 0}}),
    (BLAZE, ("Blaze", "forward"), {"condition": {"kind": "forward_entered_this_turn", "value": 0, "element": "fire"}}),
    ("Put Grief into the Break Zone: Draw 1 card. You can only use this ability if an Ice Forward has entered your "
     "field this turn.", ("Grief", "backup"), {"condition": {"kind": "forward_entered_this_turn", "value": 0,
                                                             "element": "ice"}}),
    (RALLY, ("Rally", "forward"), {"condition": {"kind": "forward_attacked_this_turn", "value": 0}}),
    ("%Fang% {S}{Fire}: Choose 1 Forward. Deal it 5000 damage. You can only use this ability if you have received a "
     "point of damage this turn.", ("Fencer", "forward"), {"condition": {"kind": "received_damage_this_turn",
                                                                        "value": 0}}),
])
def test_session_22b_lines_compile_exact(line, card, expect):
    r = _c(line, {"name": card[0], "type": card[1], "element": "fire", "cost": 2, "power": 5000})
    assert r.verdict is Verdict.EXACT and r.approximations == (), r.reason
    ab = r.abilities[0]
    for k, v in expect.items():
        assert ab[k] == v, (k, ab)


@pytest.mark.parametrize("line", [
    # a floor on another card's cost: only the card's own reduction reads it
    "The cost required to cast your Summons is reduced by 2 (it cannot become 1 or less).",
    # another card than a Forward put into the Break Zone: not the player's bit
    "{1}: Draw 1 card. You can only use this ability if a Backup you controlled has been put from the field into the "
    "Break Zone this turn.",
])
def test_lines_the_new_pieces_do_not_cover_stay_unsupported(line):
    r = _c(line, {"name": "Grief", "type": "backup", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.UNSUPPORTED


# ---- the cards cast this turn: Summons and Characters played from the hand -------------------------------------------
def test_a_character_played_from_the_hand_is_a_card_cast_and_a_summon_both_CR_11_4_7(mini):
    g = _game(mini, hand=("Q-040", "Q-004"))
    _play(g, "Scout 0")
    assert _cards_cast(g) == 1 and _summons_cast(g) == 0
    _play(g, "Splash", "Choose opponent's Scout 5")
    assert _cards_cast(g) == 2 and _summons_cast(g) == 1 and _cards_cast(g, 1) == 0
    # the next turn counts anew ("this turn")
    turn = int(g.state[H_TURN])
    for _ in range(200):
        if int(g.state[H_TURN]) != turn and g.decision == K.Decision.PRIORITY:
            break
        g.step(_answer(g))
    assert int(g.state[S.CAST_N]) == 0 and int(g.state[S.CAST_N + 1]) == 0


@pytest.mark.parametrize("before, draws", [((), 0), (("Q-040",), 0), (("Q-040", "Q-004"), 1)])
def test_enters_if_you_have_cast_three_or_more_cards_counts_itself(mini, before, draws):
    # Counter is the third card when a Scout and a Splash were cast before it (counted as it is played, CR 11.4.7)
    g = _game(mini, hand=(*before, "Q-001"))
    for number in before:
        _play(g, "Scout 0" if number == "Q-040" else "Splash", *(("Choose opponent's Scout 5",) if number == "Q-004"
                                                                  else ()))
    hand = int(g.state[S.HAND_N])
    _play(g, "Counter")
    assert int(g.state[S.HAND_N]) == hand - 1 + draws


def test_the_third_card_cast_triggers_once_summons_and_characters_alike(mini):
    g = _game(mini, hand=("Q-040", "Q-004", "Q-041", "Q-042"), mine=("Q-002",), backups=BACKUPS)
    hand = int(g.state[S.HAND_N])
    _play(g, "Scout 0")
    _play(g, "Splash", "Choose opponent's Scout 5")
    assert int(g.state[S.HAND_N]) == hand - 2  # two cards cast: nothing yet
    _play(g, "Scout 1")  # the third: Tri draws 1
    assert int(g.state[S.HAND_N]) == hand - 3 + 1
    _play(g, "Scout 2")  # the fourth: the event was the third only
    assert int(g.state[S.HAND_N]) == hand - 4 + 1


def test_a_character_is_not_on_the_field_when_its_own_cast_is_counted(mini):
    # Trio is itself the third card: it is not on the field as it is cast, so its ability does not trigger
    g = _game(mini, hand=("Q-040", "Q-041", "Q-003"))
    _play(g, "Scout 0")
    _play(g, "Scout 1")
    hand = int(g.state[S.HAND_N])
    _play(g, "Trio")
    assert _cards_cast(g) == 3 and int(g.state[S.HAND_N]) == hand - 1


@pytest.mark.parametrize("cast, cost", [(0, 5), (1, 3), (2, 2), (3, 2)])
def test_cost_reduced_for_each_card_cast_never_below_two_CR_11_4_6(mini, cast, cost):
    # "reduced by 2 for each card you have cast this turn (it cannot become 1 or less)": 5, 3, then 2 (not 1, not 0)
    g = _game(mini, hand=("Q-005",), backups=("Q-020", "Q-021", "Q-022", "Q-023", "Q-024"), cast=cast)
    do(g, "Play Cloudy")
    assert int(g.state[S.PAY_COST]) == cost  # locked as it is played (CR 11.4.6)


# ---- "If your opponent controls N or more Forwards more than you" --------------------------------------------------------
@pytest.mark.parametrize("mine, theirs, cost", [
    ((), ("Q-043", "Q-044"), 3),
    (("Q-040",), ("Q-043", "Q-044"), 5),
    (("Q-040",), ("Q-043", "Q-044", "Q-045"), 3),
])
def test_opponent_controls_two_or_more_forwards_more_than_you(mini, mine, theirs, cost):
    g = _game(mini, hand=("Q-006",), mine=mine, theirs=theirs, backups=("Q-020", "Q-021", "Q-022", "Q-023", "Q-024"))
    do(g, "Play Outnum")
    assert int(g.state[S.PAY_COST]) == cost


# ---- "a Forward you controlled has been put from the field into the Break Zone this turn" ------------------------------
def test_a_forward_you_controlled_put_into_the_break_zone_this_turn_CR_15_1_1_3_2(mini):
    g = _game(mini, hand=("Q-008", "Q-008"), mine=("Q-007", "Q-040"), theirs=("Q-043",))
    assert not _usable(g, "Grief")
    _play(g, "Zap", "Choose opponent's Scout 3")  # the opponent's Forward: their bit, not mine
    assert not _usable(g, "Grief")
    assert int(g.state[S.PLAYER_SHIELD + 1]) & K.FORWARD_PUT_BREAK_BIT
    _play(g, "Zap", "Choose your Scout 0")
    assert _usable(g, "Grief")
    for viewer in (0, 1):
        seen = _seen(g, viewer)
        me = "my" if viewer == 0 else "opp"
        assert seen[f"global.{me}_forward_put_into_break_this_turn"] == 1.0  # public (CR 7.6)
        assert seen[f"global.{me}_summons_cast_this_turn_div5"] == pytest.approx(0.4)
        assert seen[f"global.{me}_cards_cast_this_turn_div5"] == pytest.approx(0.4)


# ---- "a Forward you controlled formed a party this turn" -------------------------------------------------------------
@pytest.mark.parametrize("party", [False, True])
def test_forming_a_party_marks_the_turn_CR_15_1_1_9(mini, party):
    g = _game(mini, mine=("Q-040", "Q-041"), theirs=())
    _attack(g, "Scout 0", *(["Scout 1"] if party else []))
    assert bool(int(g.state[S.PLAYER_SHIELD]) & K.PARTY_FORMED_BIT) == party
    for viewer in (0, 1):
        me = "my" if viewer == 0 else "opp"
        assert _seen(g, viewer)[f"global.{me}_formed_party_this_turn"] == float(party)


@pytest.mark.parametrize("bits, cost", [(0, 5), (K.PARTY_FORMED_BIT, 3), (K.FORWARD_PUT_BREAK_BIT, 5)])
def test_cost_reduced_if_a_forward_you_controlled_formed_a_party(mini, bits, cost):
    g = _game(mini, hand=("Q-009",), backups=("Q-020", "Q-021", "Q-022", "Q-023", "Q-024"), turn_bits=bits)
    do(g, "Play Bond")
    assert int(g.state[S.PAY_COST]) == cost


# ---- "If a Fire Forward has entered your field this turn" / "If a Forward you controlled attacked this turn" ------------
def test_a_fire_forward_entering_your_field_marks_the_turn(mini):
    g = _game(mini, hand=("Q-040", "Q-010"), backups=("Q-020", "Q-021", "Q-022", "Q-023", "Q-024"))
    _play(g, "Scout 0")  # a Fire Forward
    assert int(g.state[S.PLAYER_SHIELD]) & (K.ENTERED_ELEMENT_BIT << K.Element.FIRE)
    for viewer in (0, 1):
        me = "my" if viewer == 0 else "opp"
        seen = _seen(g, viewer)
        assert seen[f"global.{me}_fire_forward_entered_this_turn"] == 1.0
        assert seen[f"global.{me}_ice_forward_entered_this_turn"] == 0.0
    do(g, "Play Blaze")
    assert int(g.state[S.PAY_COST]) == 2


@pytest.mark.parametrize("bits, cost", [(0, 5), (K.ENTERED_ELEMENT_BIT << K.Element.ICE, 5),
                                        (K.ENTERED_ELEMENT_BIT << K.Element.FIRE, 2)])
def test_cost_reduced_only_by_a_forward_of_the_element(mini, bits, cost):
    g = _game(mini, hand=("Q-010",), backups=("Q-020", "Q-021", "Q-022", "Q-023", "Q-024"), turn_bits=bits)
    do(g, "Play Blaze")
    assert int(g.state[S.PAY_COST]) == cost


def test_an_attack_marks_the_turn_and_the_cost_is_reduced_CR_10_1(mini):
    g = _game(mini, mine=("Q-040",), theirs=())
    assert not int(g.state[S.PLAYER_SHIELD]) & K.FORWARD_ATTACKED_BIT
    _attack(g, "Scout 0")
    assert int(g.state[S.PLAYER_SHIELD]) & K.FORWARD_ATTACKED_BIT
    assert _seen(g, 1)["global.opp_forward_attacked_this_turn"] == 1.0
    g = _game(mini, hand=("Q-011",), backups=("Q-020", "Q-021", "Q-022", "Q-023", "Q-024"),
              turn_bits=K.FORWARD_ATTACKED_BIT)
    do(g, "Play Rally")
    assert int(g.state[S.PAY_COST]) == 3


# ---- "If you have received a point of damage this turn" ----------------------------------------------------------------
def test_a_point_of_damage_received_marks_the_turn_CR_6_5_2(mini):
    g = _game(mini, hand=("Q-013",), theirs=("Q-043",))
    _play(g, "Poke")  # a point to the opponent: a card into their Damage Zone
    assert int(g.state[S.DAMAGE_N + 1]) == 1
    assert int(g.state[S.PLAYER_SHIELD + 1]) & K.RECEIVED_DAMAGE_BIT
    assert not int(g.state[S.PLAYER_SHIELD]) & K.RECEIVED_DAMAGE_BIT
    assert _seen(g, 0)["global.opp_received_damage_this_turn"] == 1.0
    assert _seen(g, 1)["global.my_received_damage_this_turn"] == 1.0


@pytest.mark.parametrize("bits, damage", [(0, 4000), (K.RECEIVED_DAMAGE_BIT, 8000)])
def test_deal_more_if_you_have_received_a_point_of_damage_this_turn(mini, bits, damage):
    from tests.fftcg.fftcg_helpers import slot_of

    g = _game(mini, mine=("Q-012",), theirs=("Q-014",), turn_bits=bits)
    do(g, "Use ability: Fencer", "Choose opponent's Tower")
    _resolve(g)
    assert int(g.state[S.DMG + slot_of(g, "Q-014", player=1) * S.CARD_W]) == damage


# ---- "It / ~ cannot be chosen by your opponent's Summons or abilities this turn." ---------------------------------------
@pytest.mark.parametrize("line, granted", [
    ("{1}: Choose 1 Forward you control. It cannot be chosen by your opponent's Summons or abilities this turn.",
     "{1}: Choose 1 Forward you control. It gains 'This Forward cannot be chosen by your opponent's Summons or "
     "abilities.' until the end of the turn."),
    ("{1}: Grief cannot be chosen by your opponent's abilities this turn.",
     "{1}: Grief gains 'This Forward cannot be chosen by your opponent's abilities.' until the end of the turn."),
])
def test_cannot_be_chosen_this_turn_is_the_granted_restriction_CR_11_12_3(line, granted):
    # the same ops as the granted ability (whose "your opponent" is the card's controller's, effects.can_be_chosen):
    # the card is the effect controller's own, so both say the same
    card = {"name": "Grief", "type": "forward", "element": "fire", "cost": 2, "power": 5000}
    r, g = _c(line, card), _c(granted, card)
    assert r.verdict is Verdict.EXACT and g.verdict is Verdict.EXACT, (r.reason, g.reason)
    assert r.abilities[0]["effect"] == g.abilities[0]["effect"]


def test_cannot_be_chosen_by_your_opponent_on_any_forward_stays_unsupported():
    # a Forward of either player: the effect's "your opponent" is not the chosen card's controller's opponent
    r = _c("{1}: Choose 1 Forward. It cannot be chosen by your opponent's Summons this turn.",
           {"name": "Grief", "type": "backup", "element": "fire", "cost": 2})
    assert r.verdict is Verdict.UNSUPPORTED
