"""Force of Will card text, session 20 (branch s20-fowb): judgment, Inverse cards and the long tail. "Whenever you do
judgment of a ruler" on any card (CR 705.3a-i), "Invert this card." and "When this card inverts" (CR 1030, 1302.3).
Lines are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np
import pytest
from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from fow_tables import kernel_move
from test_fow_card_text import _drive, _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{W}", **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": ["W"], "abilities": abilities, **kw}


def _all_exact(res):
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [
        (r.number, [x.reason for x in r.lines]) for r in res.text_records]


# ---- CR 705.3a-i: "whenever you do judgment (of a ruler)" on any card ----------------------------------------------
def test_cr_705_3a_i_you_do_judgment_on_any_card_watches_your_j_ruler():
    """On a card that is not the J-ruler the trigger is Trigger.JUDGMENT about the J-ruler just put into the field, one
    of yours (the trigger filter); on the J-ruler itself it stays its own judgment."""
    want = {"kind": "automatic", "trigger": "judgment", "trigger_filter": {"type": ["j_ruler"], "side": "own"},
            "effect": [{"op": "draw", "count": 1}]}
    for ctype in ("resonator", "addition", "magic_stone", "ruler"):
        assert exact("Whenever you do judgment of a ruler => Draw a card.", ctype).abilities == [want]
    assert exact("Whenever you do judgment => Draw a card.", "regalia").abilities == [want]
    assert exact("Whenever you do judgment => Draw a card.", "j_ruler").abilities == [
        {"kind": "automatic", "trigger": "judgment", "effect": [{"op": "draw", "count": 1}]}]
    assert line("Whenever you do judgment of a ruler => Draw a card.", "chant").verdict is Verdict.UNSUPPORTED


# ---- CR 1030.1 / 1030.2: "Invert this card." and "When this card inverts" ------------------------------------------
def test_cr_1030_invert_this_card_and_when_this_card_inverts_compile():
    assert exact("Whenever you do judgment of a ruler => Invert this card.").abilities[0]["effect"] == [{"op": "invert"}]
    assert exact("When this card inverts => Draw a card.", "addition").abilities == [
        {"kind": "automatic", "trigger": "inverts", "effect": [{"op": "draw", "count": 1}]}]
    for ctype in ("chant", "ruler", "j_ruler"):
        assert line("Whenever you do judgment of a ruler => Invert this card.", ctype).verdict is Verdict.UNSUPPORTED
        assert line("When this card inverts => Draw a card.", ctype).verdict is Verdict.UNSUPPORTED


def _inverse_cards(hope_lines=("Whenever you do judgment of a ruler => Invert this card.",)):
    # a fow-sim pair: "<id>^" with the race Inverse is the despair side (CR 1302.3), its cost printed "0"
    return [_card("TXT-001", "Made-up Hopeful Knight", "Resonator", list(hope_lines), ATK=300, DEF=300, race=["Knight"]),
            _card("TXT-001^", "Made-up Despairing Knight", "Resonator", ["When this card inverts => Draw a card."],
                  cost="0", ATK=900, DEF=700, race=["Knight", "Inverse"], colour=["B"])]


def test_cr_1302_3_the_importer_pairs_an_inverse_cards_sides(tmp_path):
    """The despair side ("<id>^", Inverse among its races) is imported as "<id>-despair" and named by the hope side's
    field ``inverse``; C_J_SIDE holds the despair side's row (hope side) and -2 - the hope side's (despair side). A
    hope side whose despair side is not in the list: "Invert this card" is refused (no side to turn up)."""
    res, pool = _imported_pool(tmp_path, _inverse_cards())
    _all_exact(res)
    hope, back = pool.index["TXT-001"], pool.index["TXT-001-despair"]
    assert pool.models[hope].inverse == "TXT-001-despair"
    assert int(pool.cards[hope, K.C_J_SIDE]) == back and int(pool.cards[back, K.C_J_SIDE]) == -2 - hope
    res, _ = _imported_pool(tmp_path, _inverse_cards()[:1])
    assert res.text_records[0].verdict is Verdict.UNSUPPORTED
    assert "invert" in res.text_records[0].lines[0].reason


def test_cr_1302_3_a_despair_side_is_no_deck_card(tmp_path):
    from tcg_env.cards.errors import DeckError
    from tcg_env.games.force_of_will.adapter import card_attributes
    from tcg_env.games.force_of_will.decks import split_deck

    _, pool = _imported_pool(tmp_path, _inverse_cards())
    back = pool.index["TXT-001-despair"]
    ruler = next(i for i, m in enumerate(pool.models) if m.type == "ruler")
    from tcg_env.cards.decks import Deck

    with pytest.raises(DeckError, match="despair side"):
        split_deck(pool, Deck(name="d", card_ids=np.array([ruler, back], np.int32)))
    assert card_attributes(pool)["type"][0][back] == "despair_side"


def _judgment_game(pool, turn_player):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=turn_player, seed=1)
    (knight,) = sc.field(0, ["TXT-001"])
    sc.row[S.RESTED + knight * S.CARD_W] = 1
    for a in range(5):
        sc.will(turn_player, a, 5)
    g = sc.game()
    assert K.JUDGMENT in g.legal_actions().tolist()
    return g, knight


def test_cr_1030_1_your_judgment_inverts_the_card_and_its_despair_side_triggers(tmp_path):
    """Player 0's judgment (CR 705.3a-i) inverts player 0's Inverse resonator: the same slot shows the despair side
    (its ATK 900), still rested (CR 1302.3c), and the despair side's "When this card inverts => Draw a card." draws
    (CR 1030.2). Put into the graveyard it is hope side up again (CR 1302.3e)."""
    from fow_tables import current_values

    res, pool = _imported_pool(tmp_path, _inverse_cards())
    _all_exact(res)
    g, knight = _judgment_game(pool, 0)
    back = pool.index["TXT-001-despair"]
    hand = int(g.state[S.HAND_N])
    g.step(K.JUDGMENT)
    _drive(g, lambda g: int(g.state[S.HAND_N]) > hand, steps=40)
    assert int(g.state[S.CARD + knight * S.CARD_W]) == back
    assert int(g.state[S.ZONE + knight * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.RESTED + knight * S.CARD_W]) == 1
    assert current_values(g.state, g._T, knight)[0] == 900
    assert int(g.state[S.HAND_N]) == hand + 1
    s = g.state.copy()  # (the game's own state is read-only)
    assert kernel_move(s, g._T, knight, int(K.Zone.GRAVEYARD))
    assert int(s[S.CARD + knight * S.CARD_W]) == pool.index["TXT-001"]


def test_cr_705_3a_i_the_opponents_judgment_does_not_invert_your_card(tmp_path):
    """Player 1's judgment: player 0's "whenever you do judgment" does not trigger (the J-ruler is not player 0's)."""
    _, pool = _imported_pool(tmp_path, _inverse_cards())
    g, knight = _judgment_game(pool, 1)
    g.step(K.JUDGMENT)
    _drive(g, lambda g: int(g.state[S.ZONE + (K.RULER_SLOT + K.PLAYER_SLOTS) * S.CARD_W]) == K.Zone.FIELD
           and int(g.state[S.CHASE_N]) == 0, steps=40)
    assert int(g.state[S.CHASE_N]) == 0
    assert int(g.state[S.CARD + knight * S.CARD_W]) == pool.index["TXT-001"]


def test_cr_1302_3e_a_hope_side_leaving_the_field_stays_hope_side_and_removed_keeps_despair(tmp_path):
    """CR 1302.3e: the removed area is one of the zones where the side up is kept; the hand is not."""
    _, pool = _imported_pool(tmp_path, _inverse_cards())
    back = pool.index["TXT-001-despair"]
    for zone, want in ((K.Zone.REMOVED, back), (K.Zone.HAND, pool.index["TXT-001"])):
        g, knight = _judgment_game(pool, 0)
        s = g.state.copy()
        s[S.CARD + knight * S.CARD_W] = back  # despair side up (as INVERT leaves it)
        assert kernel_move(s, g._T, knight, int(zone))
        assert int(s[S.CARD + knight * S.CARD_W]) == want


# ---- "<cards> that entered your field this turn" (CardState.ENTERED_THIS_TURN: state.ENTERED) ----------------------
def test_entered_this_turn_is_a_filter_state_of_yours_or_anyones():
    r = exact("You may pay {2} less to play this card for each resonator you control that entered your field this turn.")
    assert r.abilities[0]["effect"][0]["per"] == {
        "count": "field", "filter": {"type": ["resonator"], "side": "own", "state": "entered_this_turn"}}
    # without "you control": the ones that entered and left count too; read in the field now (approximate)
    r = line("You may pay {R} less to play this card for each fire magic stone that entered the field under your "
             "control this turn.")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("entered_this_turn_in_field",)
    assert r.abilities[0]["effect"][0]["per"]["filter"] == {
        "type": ["fire_magic_stone"], "state": "entered_this_turn", "side": "own"}
    # a destination in the field now (targets, "all"): exact
    assert exact("Destroy all J/resonators that entered the field this turn.", "chant").fields["effect"][0] == {
        "op": "select_all", "filter": {"type": ["j_resonator"], "state": "entered_this_turn"}}
    assert line("You may pay {2} less to play this card for each resonator your opponent controls that entered your "
                "field this turn.").verdict is Verdict.UNSUPPORTED


def test_cr_903_2i_pay_less_for_each_resonator_that_entered_your_field_this_turn(tmp_path):
    """The reduction counts player 0's resonators that entered the field this turn (ENTERED is this turn), not the ones
    there since an earlier turn, nor the opponent's."""
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text_s19b import _reduction

    cards = [_card("TXT-010", "Made-up Rallying Cry", "Resonator",
                   ["You may pay {1} less to play this card for each resonator you control that entered your field "
                    "this turn."], cost="{R}{4}", ATK=100, DEF=100, colour=["R"]),
             _card("TXT-011", "Made-up Pup", "Resonator", [], cost="{R}", ATK=100, DEF=100, colour=["R"])]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (card,) = sc.hand(0, ["TXT-010"])
    sc.field(0, ["TXT-011", "TXT-011"], entered_this_turn=True)
    sc.field(0, ["TXT-011"])  # there since the turn before
    sc.field(1, ["TXT-011"], entered_this_turn=True)  # the opponent's
    g = sc.game()
    assert int(_reduction(g.state, pool.kernel_tables, 0, card)) == 2


# ---- "Put a <card> from your removed area into your hand." (SEARCH over the removed area, CR 311) -------------------
def test_cr_311_put_a_card_from_your_removed_area_into_your_hand_compiles_to_a_search_of_it():
    r = exact("Put a non-magic stone card from your removed area into your hand. Draw a card.", "chant")
    assert r.fields["effect"][0] == {"op": "search", "filter": {
        "type": ["resonator", "chant", "addition", "regalia", "rune"], "zone": "removed"}, "to": "hand", "must": True}
    # "you may": the SEARCH decision's PASS
    r = exact("[Enter] => You may put a light resonator from your removed area into your hand.")
    assert "must" not in r.abilities[0]["effect"][0]


def test_cr_311_a_card_from_the_removed_area_goes_to_the_hand_one_must_be_taken(tmp_path):
    """The chant's SEARCH lists the matching card ids of player 0's removed area (a non-magic stone card: not the
    stone), without PASS (one must be taken); the card chosen goes to the hand."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-020", "Made-up Recall", "Chant",
                   ["Put a non-magic stone card from your removed area into your hand."], cost="{W}"),
             _card("TXT-021", "Made-up Pup", "Resonator", [], cost="{W}", ATK=100, DEF=100),
             {"id": "TXT-022", "name": "Made-up Geode", "type": ["Special Magic Stone", "Magic Stone"], "cost": None,
              "colour": ["V"], "abilities": ["{Rest}: Produce {W}."]}]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (chant,) = sc.hand(0, ["TXT-020"])
    pup = sc.put(0, "TXT-021", K.Zone.REMOVED)
    sc.put(0, "TXT-022", K.Zone.REMOVED)
    sc.will(0, K.Attribute.LIGHT, 1)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)  # the chant, the hand's one card
    _drive(g, lambda g: int(g.state[H_DECISION]) == K.Decision.SEARCH)
    assert int(g.state[H_DECISION]) == K.Decision.SEARCH
    legal = g.legal_actions().tolist()
    assert K.PASS not in legal and legal == [K.OPTION_BASE]  # the pup's id only
    g.step(K.OPTION_BASE)
    assert int(g.state[S.ZONE + pup * S.CARD_W]) == K.Zone.HAND
    assert int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD


# ---- CR 907, 1013: a will ability paid by resting the J/ruler ------------------------------------------------------
def test_cr_907_a_will_ability_paid_by_resting_your_j_ruler_compiles():
    """Resting the J/ruler is bounded as {Rest} is (no endless will for will): a will ability like any other."""
    assert exact("Rest a recovered J/ruler you control: Produce {R}.").abilities == [
        {"kind": "will", "cost": {"rest_j_ruler": True}, "effect": [{"op": "produce_will", "will": "fire"}]}]
    r = exact("Rest a recovered J/ruler you control: Produce one will of any attribute.")
    assert r.abilities[0]["kind"] == "will" and r.abilities[0]["effect"][0]["op"] == "select_mode"
    assert line("{1}: Produce one will of any attribute.").verdict is Verdict.UNSUPPORTED  # (will for will)


def test_cr_907_3_resting_your_j_ruler_produces_the_will_at_once(tmp_path):
    """Played, the will ability rests player 0's ruler (not the card) and the will is in the pool at once (CR 907.3);
    with the ruler rested it is not offered."""
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-040", "Made-up Steward", "Resonator", ["Rest a recovered J/ruler you control: Produce {R}."],
                   ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (steward,) = sc.field(0, ["TXT-040"])
    (ruler,) = [int(x) for x in sc.zone(0, K.Zone.RULER_AREA)]
    g = sc.game()
    acts = [a for a in g.legal_actions().tolist() if K.ACTIVATE_BASE <= a < K.JUDGMENT]
    assert acts
    fire = int(g.state[S.WILL + K.Attribute.FIRE])
    g.step(acts[0])
    assert int(g.state[S.RESTED + ruler * S.CARD_W]) == 1 and int(g.state[S.RESTED + steward * S.CARD_W]) == 0
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == fire + 1
    assert not [a for a in g.legal_actions().tolist() if K.ACTIVATE_BASE <= a < K.JUDGMENT]


# ---- CR 906.7c: "whenever a <card> enters your field" on a card of another type; "it" is the card that entered -----
def test_cr_906_7_a_card_enters_your_field_on_a_card_it_cannot_match_and_it_is_that_card():
    """OTHER_ENTERS never watches the entering card itself: compiled where this card's own type is not among the
    filter's (a resonator on a J-ruler or an addition, a magic stone type on an addition); "it" is the trigger's card
    (Op.TARGET_TRIGGER), not this card."""
    r = exact("Whenever a light resonator enters your field => Draw a card.", "j_ruler")
    assert r.abilities[0]["trigger_filter"] == {"attribute": ["light"], "type": ["resonator"], "side": "own"}
    assert line("Whenever a light resonator enters your field => Draw a card.").verdict is Verdict.UNSUPPORTED
    assert line("Whenever a J/resonator enters your field => Draw a card.", "j_ruler").verdict is Verdict.UNSUPPORTED
    r = exact("Whenever a J/resonator enters the field under your control >>> Put two [+100/+100] counters on it.",
              "addition")
    assert r.abilities[0]["effect"] == [{"op": "target_trigger"}, {"op": "counter", "count": 2}]
    assert exact("Whenever another resonator enters your field => Put a [+100/+100] counter on it.").abilities[0][
        "effect"] == [{"op": "target_trigger"}, {"op": "counter", "count": 1}]


def test_cr_906_7_it_is_the_resonator_that_entered_your_field(tmp_path):
    """An addition (to the field) "Whenever a J/resonator enters the field under your control >>> Put two [+100/+100]
    counters on it.": player 0 plays a resonator; the counters go on it (ATK 100 + 200), the addition has none."""
    from fow_tables import current_values
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [_card("TXT-050", "Made-up Banner", "Addition:Field",
                   ["Whenever a J/resonator enters the field under your control >>> Put two [+100/+100] counters on it."],
                   cost="{W}"),
             _card("TXT-051", "Made-up Pup", "Resonator", [], cost="{W}", ATK=100, DEF=100)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (banner,) = sc.field(0, ["TXT-050"])
    (pup,) = sc.hand(0, ["TXT-051"])
    sc.will(0, K.Attribute.LIGHT, 1)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.COUNTERS + pup * S.CARD_W]) != 0, steps=40)
    assert int(g.state[S.ZONE + pup * S.CARD_W]) == K.Zone.FIELD
    assert current_values(g.state, g._T, pup)[0] == 300
    assert int(g.state[S.COUNTERS + banner * S.CARD_W]) == 0


def test_cr_705_3a_i_a_j_rulers_own_judgment_trigger_is_its_own_judgment_only(tmp_path):
    """A J-ruler's "Whenever you do judgment => Draw a card." (no trigger filter) is its own judgment (CR 705.3a-i):
    compiled with a trigger filter of this card alone, so player 1's judgment (Trigger.JUDGMENT fires on every
    active card about the J-ruler that entered) does not make player 0's J-ruler in the field draw (it did before)."""
    cards = [_card("TXT-010", "Made-up Judge", "Ruler", ["[Judgment] {1}"], cost=None),
             _card("TXT-010J", "Made-up Judge, Crowned", "J-Ruler", ["Whenever you do judgment => Draw a card."],
                   cost=None, ATK=1000, DEF=1000)]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    (row,) = [int(a) for a in pool.ability_rows(pool.index["TXT-010J"])]
    fr = int(pool.abilities[row, K.A_TRIG_FILTER])
    assert fr >= 0 and int(pool.filters[fr, K.F_EXCLUDE_SELF]) == K.SELF_ONLY
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=1, seed=1)
    (judge,) = sc.field(0, ["TXT-010J"])
    for a in range(5):
        sc.will(1, a, 5)
    g = sc.game()
    hand0 = int(g.state[S.HAND_N])
    g.step(K.JUDGMENT)
    _drive(g, lambda g: int(g.state[S.ZONE + (K.RULER_SLOT + K.PLAYER_SLOTS) * S.CARD_W]) == K.Zone.FIELD
           and int(g.state[S.CHASE_N]) == 0, steps=40)
    assert int(g.state[S.ZONE + judge * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.HAND_N]) == hand0
