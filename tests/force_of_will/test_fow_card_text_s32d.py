"""Force of Will card text, session 32 (branch s32d): keywords, costs and mechanics - "remove N [+100/+100] counters from
this card" as a cost (CR 1022.1-1022.2, 903.2j). Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from test_fow_card_text import _drive, _imported_pool, exact, line


# ---- CR 1022.2: [+100/+100] counters removed from this card as a cost ------------------------------------------------
@pytest.mark.parametrize("text, n, extra", [
    ("Remove a [+100/+100] counter from this card: Draw a card.", 1, {}),
    ("Remove three [+100/+100] counters from this card: Draw a card.", 3, {}),
    ("{G}, remove a [+100/+100] counter from this card: Draw a card.", 1, {"will": "{G}"}),
    ("{Rest}, remove two [+100/+100] counters from this card: Draw a card.", 2, {"rest": True}),
])
def test_cr_1022_2_plus_counters_removed_from_this_card_are_a_cost(text, n, extra):
    r = exact(text)
    assert r.abilities[0]["kind"] == "activate"
    assert r.abilities[0]["cost"] == {**extra, "counters": n, "counters_from": "this_card"}


def test_cr_1022_2_plus_counters_removed_from_another_card_stay_unsupported():
    assert line("Remove a [+100/+100] counter from target resonator: Draw a card.").verdict is Verdict.UNSUPPORTED


def test_cr_1022_2_a_cost_of_plus_counters_is_packed_as_kind_zero_of_the_named_counter_cost(tmp_path):
    from tcg_env.games.force_of_will import constants as K

    card = {"id": "TXT-001", "name": "Made-up Grower", "type": ["Resonator"], "cost": "{G}", "colour": ["G"],
            "ATK": 100, "DEF": 100, "abilities": ["Remove two [+100/+100] counters from this card: Draw a card."]}
    res, pool = _imported_pool(tmp_path, [card])
    assert res.text_records[0].verdict is Verdict.EXACT, res.text_records[0].lines
    packed = [int(r[K.A_COST_NAMED]) for r in pool.abilities if int(r[K.A_COST_NAMED]) != 0]
    assert 2 in packed  # two counters, kind 0 ([+100/+100]), from this card


def test_cr_903_2j_removing_plus_counters_pays_the_ability_and_lowers_atk_and_def(tmp_path):
    """A made-up resonator with "Remove two [+100/+100] counters from this card: Draw a card.": with one counter it
    cannot pay the cost (CR 903.2j: paid in full or not at all); with three, playing the ability leaves one (CR 1022.2: the
    counters that gave it [+200/+200]) and resolving it draws a card; a [-100/-100] counter net (COUNTERS < 0) pays nothing."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    card = {"id": "TXT-001", "name": "Made-up Grower", "type": ["Resonator"], "cost": "{G}", "colour": ["G"],
            "ATK": 100, "DEF": 100, "abilities": ["Remove two [+100/+100] counters from this card: Draw a card."]}
    res, pool = _imported_pool(tmp_path, [card])
    for counters, usable in ((1, False), (-3, False), (2, True), (3, True)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        slot = sc.put(0, "TXT-001", "field")
        sc.row[S.COUNTERS + slot * S.CARD_W] = counters
        g = sc.game()
        field = [int(x) for x in Scenario(g).zone(0, "field")]
        use = K.ACTIVATE_BASE + field.index(slot) * K.ABILITIES_PER_CARD
        assert (use in g.legal_actions().tolist()) is usable, counters
        if not usable:
            continue
        hand = int(g.state[S.HAND_N])
        g.step(use)
        assert int(g.state[S.COUNTERS + slot * S.CARD_W]) == counters - 2
        _drive(g, lambda g: int(g.state[S.HAND_N]) == hand + 1)
        assert int(g.state[S.HAND_N]) == hand + 1


# ---- [Partner], [Revolution Order] (not in CR 8.01): permissions the engine never offers -----------------------------
@pytest.mark.parametrize("text", [
    "[Partner] 1 (Made-up Tribe)",
    "[Partner] 2 (Made-up Tribe) (You may start the game with this ruler and up to two Made-up Tribe rulers with <<Bond>>. "
    "Put them into your ruler area.)",
])
def test_partner_on_a_ruler_is_approximate_partner_one_ruler(text):
    r = line(text, "ruler")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("partner_one_ruler",), (text, r.reason)
    assert r.abilities == [] and r.fields == {}
    assert line(text, "resonator").verdict is Verdict.UNSUPPORTED  # CR 402.2: rulers only


@pytest.mark.parametrize("text, ctype", [
    ("[Revolution Order] {0}", "ruler"),
    ("[Revolution Order] {1} (Once per turn, as you play a resonator spell, you may choose to order it.)", "ruler"),
    ("As you play this card, you may order it as if it were a resonator spell.", "chant"),
])
def test_revolution_order_is_approximate_never_offered(text, ctype):
    r = line(text, ctype)
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("revolution_order_not_offered",), (text, r.reason)
    assert r.abilities == [] and r.fields == {}
    assert line(text, "resonator").verdict is Verdict.UNSUPPORTED


def test_revolution_text_of_an_ordered_card_stays_unsupported():
    assert line("[Revolution] (This card gains the following text as long as it is ordered.)").verdict \
        is Verdict.UNSUPPORTED


# ---- CR 905.2 / 1126.2: "{W} {Rest}:" without the comma; "Discard this card:" without will ----------------------------
def test_cr_905_2_will_then_rest_without_a_comma_is_both_costs():
    for text in ("{W} {Rest}: Draw a card.", "{W}{W} {Rest}: Draw a card."):
        assert exact(text, "regalia").abilities[0]["cost"] == {"will": text.split(" ")[0], "rest": True}


def test_cr_1126_2_discard_this_card_alone_is_inheritance_of_no_will():
    r = exact("Discard this card: Draw a card.")
    assert r.abilities[0]["kind"] == "activate" and r.abilities[0]["cost"] == {"will": "", "inheritance": True}
    # the same as "<will>, discard this card:"; a will ability paid by a discard from the hand stays unsupported
    assert line("Discard this card: Produce {1}.").verdict is Verdict.UNSUPPORTED
    assert line("Discard this card: Draw a card.", "ruler").verdict is Verdict.UNSUPPORTED  # not played from a hand


def test_cr_1126_2_discard_this_card_is_played_from_the_hand_for_nothing_but_the_discard(tmp_path):
    """"Discard this card: Draw a card." on a resonator in player 0's hand, no will in the pool: SELECT i at priority
    plays it (CR 1126.2: the discard is the whole cost), the card goes to the graveyard and a card is drawn."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text_s24b import _card

    cards = [_card("TXT-001", "Made-up Heir", "Resonator", ["Discard this card: Draw a card."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (heir,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
    act = K.SELECT_HAND_BASE + hand.index(heir)
    assert act in g.legal_actions().tolist()
    g.step(act)
    assert int(g.state[S.ZONE + heir * S.CARD_W]) == K.Zone.GRAVEYARD
    _drive(g, lambda g: int(g.state[S.CHASE_N]) == 0 and int(g.state[S.HAND_N]) == len(hand))
    assert int(g.state[S.HAND_N]) == len(hand)  # discarded one, drew one


@pytest.mark.parametrize("text", [
    "[Solarisation] (2)",
    "[Solarisation](1)",
    "[Solarisation] (3) (As you play this card, you may put three non-magic stone cards that share an attribute with this "
    "card from your removed area on the bottom of your deck in any order. If you do, you pay {3} less to play this card.)",
])
def test_solarisation_is_approximate_never_offered(text):
    for ctype in ("resonator", "chant"):
        r = line(text, ctype)
        assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("solarisation_not_offered",), (text, r.reason)
        assert r.abilities == [] and r.fields == {}
    assert line(text, "ruler").verdict is Verdict.UNSUPPORTED  # not played from a hand


# ---- CR 903.2j / 902.2: "remove this card in your hand from the game" as a cost (COST_REMOVE_HAND) -------------------
def test_cr_903_2j_remove_this_card_in_your_hand_from_the_game_compiles_as_a_hand_cost():
    r = exact("Remove this card in your hand from the game: Draw a card.")
    assert r.abilities[0]["kind"] == "activate" and r.abilities[0]["cost"] == {"will": "", "remove_from_hand": True}
    r = exact("{G}, remove this card in your hand from the game: Draw a card.")
    assert r.abilities[0]["cost"] == {"will": "{G}", "remove_from_hand": True}
    assert line("Remove this card in your hand from the game: Produce {R}.").verdict is Verdict.UNSUPPORTED


def test_cr_903_2j_the_card_is_removed_from_the_game_from_the_hand_and_the_ability_resolves(tmp_path):
    """"{G}, remove this card in your hand from the game: Draw a card." on a resonator in player 0's hand with {G} in
    the pool: SELECT i plays it (the ability is active in the hand, CR 902.2), {G} is paid and the card is in the
    removed area without a cyberbrain counter (not playable from there); the ability resolves (a card drawn). Without
    the will it is no action."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text_s24b import _card

    cards = [_card("TXT-001", "Made-up Exile", "Resonator", ["{G}, remove this card in your hand from the game: Draw a "
                                                            "card."], ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.reason for r in res.text_records]
    for will in (0, 1):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        (card,) = sc.hand(0, ["TXT-001"])
        if will:
            sc.will(0, K.Attribute.WIND, 1)
        g = sc.game()
        hand = [int(x) for x in g.state[S.HAND_L: S.HAND_L + int(g.state[S.HAND_N])]]
        act = K.SELECT_HAND_BASE + hand.index(card)
        assert (act in g.legal_actions().tolist()) is bool(will)
        if not will:
            continue
        assert "remove it from the game" in g.describe_action(act)
        g.step(act)
        assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.REMOVED
        assert int(g.state[S.MARK + card * S.CARD_W]) == 0
        assert int(g.state[S.WILL + K.Attribute.WIND]) == 0
        _drive(g, lambda g: int(g.state[S.CHASE_N]) == 0 and int(g.state[S.HAND_N]) == len(hand))
        assert int(g.state[S.HAND_N]) == len(hand)  # removed one, drew one


def test_cr_902_2_a_second_ability_played_from_the_hand_is_refused_by_the_engine(tmp_path):
    """The hand action SELECT_HAND_BASE + i plays a card's one ability played from the hand (play.dive_row: its first):
    a second one ("{B}, remove this card in your hand from the game: ...") is refused, its line unsupported."""
    from test_fow_card_text_s24b import _card

    cards = [_card("TXT-001", "Made-up Twin Exile", "Resonator", [
        "{G}, remove this card in your hand from the game: Draw a card.",
        "{B}, remove this card in your hand from the game: Destroy target resonator."], ATK=100, DEF=100)]
    res, _pool = _imported_pool(tmp_path, cards)
    (rec,) = res.text_records
    assert [ln.verdict for ln in rec.lines] == [Verdict.EXACT, Verdict.UNSUPPORTED]
    assert "one ability played from the hand" in rec.lines[1].reason


def test_cr_907_4_spend_that_will_only_is_spend_this_will_only():
    this = exact("{Rest}: Produce {R}. Spend this will only to play chants.", "regalia")
    that = exact("{Rest}: Produce {R}. Spend that will only to play chants.", "regalia")
    assert this.abilities == that.abilities
