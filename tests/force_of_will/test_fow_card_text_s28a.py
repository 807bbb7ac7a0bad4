"""Force of Will card text, session 28 (branch s28-fowa): counted amounts - "<effect with X>, where X is <count>" (CR
903.3b-i: X determined as it resolves, by the method the text outlines; one SET_X of the count as the sentence resolves, read by every X operand: cards drawn / discarded, X00 damage and life,
"N damage multiplied by X", [+X00/+X00] (Op.POWER_X), X counters, X tokens), arithmetic of the count ("five minus ...",
"... minus 1", "multiplied by 2"), "<cards> with different names" (Per.NAMES), "your life" (Per.LIFE), "[+100/+100]
counters on this card" (Per.SELF_COUNTERS), and "for each" in one-time effects other than damage. Lines are made up in
the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _imported_pool, exact, line
from test_fow_card_text_s21a import _activate
from test_fow_card_text_s23b import _all_exact, _zone_n
from test_fow_card_text_s24b import _card

_OWN_RES = {"count": "field", "filter": {"type": ["resonator"], "side": "own"}}


# ---- the compiled programs --------------------------------------------------------------------------------------------
def test_cr_903_3b_i_where_x_is_a_count_sets_x_before_the_op_that_reads_it():
    r = exact("Draw X cards, where X is the number of resonators you control.", "chant")
    assert r.fields["effect"] == [{"op": "set_x", "per": _OWN_RES, "times": 1}, {"op": "draw", "count": "X"}]
    r = exact("Your opponent discards X cards, where X is the number of cards in your graveyard.", "chant")
    assert r.fields["effect"][0] == {"op": "set_x", "per": {"count": "graveyard"}, "times": 1}


@pytest.mark.parametrize("text, times, plus", [
    ("Draw X cards, where X is five minus the number of cards in your hand.", -1, 5),
    ("Draw X cards, where X is the number of resonators you control minus 1.", 1, -1),
    ("Draw X cards, where X is the number of resonators you control multiplied by 2.", 2, 0),
    ("Draw X cards, where X is the number of resonators you control plus one.", 1, 1),
])
def test_cr_104_2_where_x_is_arithmetic_of_a_count(text, times, plus):
    (set_x, _draw) = exact(text, "chant").fields["effect"]
    assert (set_x["times"], set_x.get("plus", 0)) == (times, plus)


def test_cr_903_3c_n_damage_or_life_multiplied_by_x_counts_n_hundreds_times():
    r = exact("This card deals 400 damage multiplied by X to target resonator, where X is the number of additions you "
              "control.", "chant")
    assert r.fields["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}},
        {"op": "set_x", "per": {"count": "field", "filter": {"type": ["addition"], "side": "own"}}, "times": 4},
        {"op": "damage", "amount": "X00"}]
    r = exact("You gain 200 life multiplied by X and your opponent loses 200 life multiplied by X, where X is the number "
              "of cards in your hand.", "chant")
    assert [op["op"] for op in r.fields["effect"]] == ["set_x", "gain_life", "lose_life"]
    assert r.fields["effect"][0]["times"] == 2


def test_cr_1020_3_gain_x00_until_end_of_turn_is_power_x():
    r = exact("J/resonators your opponent controls gain [-X00/-X00] until end of turn, where X is the number of "
              "resonators you control.", "chant")
    assert r.fields["effect"] == [
        {"op": "set_x", "per": _OWN_RES, "times": 1},
        {"op": "select_all", "filter": {"type": ["j_resonator"], "side": "opponent"}},
        {"op": "power_x", "atk": -100, "defense": -100, "duration": "end_of_turn"}]


def test_cr_202_with_different_names_is_a_count_of_names():
    r = exact("Draw X cards, where X is the number of resonators with different names you control.", "chant")
    assert r.fields["effect"][0]["per"] == {"count": "names", "filter": {"type": ["resonator"], "side": "own"}}
    # only in a count: a target "with different names" is no filter
    assert line("Destroy target resonator with different names.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_903_3b_i_x_of_hundreds_is_read_by_x_damage_and_plus_x():
    r = exact("[Enter] >>> This card deals X damage to target resonator, where X is your life minus 3000.", "resonator")
    assert r.abilities[0]["effect"][1] == {"op": "set_x", "per": {"count": "life"}, "times": 1, "plus": -30}
    # the ATK of this card: its printed ATK once it has left the field (own_atk_printed_when_gone, as before)
    r = line("[Enter] >>> Target resonator gains [+X/+0] until end of turn, where X is the ATK of this card.")
    assert r.verdict is Verdict.APPROXIMATE and r.approximations == ("own_atk_printed_when_gone",)


@pytest.mark.parametrize("text", [
    "Draw X cards.",  # no "where X is" (and no {X} in the cost)
    "Draw X cards, where X is your life.",  # a count of cards from an amount in hundreds
    "This card deals X damage to target resonator, where X is the number of resonators you control.",  # X of a count
    "Draw X cards and this card deals 200 damage multiplied by X to target resonator, where X is the number of "
    "resonators you control.",  # X read twice, multiplied differently
    "Draw a card, where X is the number of resonators you control.",  # no X to read
])
def test_cr_903_3c_where_x_is_stays_unsupported_where_the_units_do_not_fit(text):
    assert line(text, "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1020_3_for_each_in_one_time_effects_other_than_damage():
    r = exact("Whenever this card attacks, it gains [+100/+0] for each resonator you control until end of turn.")
    assert r.abilities[0]["effect"] == [
        {"op": "set_x", "per": _OWN_RES, "times": 1}, {"op": "target_self"},
        {"op": "power_x", "atk": 100, "defense": 0, "duration": "end_of_turn"}]
    r = exact("{Rest}: Gain 100 life for each card in your hand.")
    assert r.abilities[0]["effect"] == [{"op": "set_x", "per": {"count": "hand"}, "times": 1},
                                        {"op": "gain_life", "amount": "X00"}]
    r = exact("At the end of turn => You lose 100 life for each [+100/+100] counter on this card.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "self_counters"}
    r = exact("[Enter] => Put a [+100/+100] counter on this card for each addition you control.")
    assert r.abilities[0]["effect"][-1] == {"op": "counter", "count": "X"}
    r = exact("This card deals 300 damage to target resonator, plus an additional 100 damage for each resonator you "
              "control.", "chant")
    assert r.fields["effect"][1] == {"op": "set_x", "per": _OWN_RES, "times": 1, "plus": 3}
    # a one-time gain for good ("[Enter] => up to two target resonators gain [-300/-300] for each ...")
    r = exact("When this card enters your field => Up to two target resonators gain [-300/-300] for each addition you "
              "control.")
    assert r.abilities[0]["effect"][-1] == {"op": "power_x", "atk": -300, "defense": -300, "duration": "permanent"}


# ---- the engine: the count read as the effect resolves ----------------------------------------------------------------
def _resolve_chant(g, sc, slot, target=None):
    from test_fow_card_text_s21a import _play

    _play(g, sc, slot, target)


def test_cr_104_2_draw_x_where_x_is_five_minus_the_hand_draws_none_below_zero(tmp_path):
    """X = 5 - the hand as it resolves (the chant itself on the chase): 2 cards in hand draw 3, 6 draw none (CR 104.2)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [_card("TXT-281", "Made-up Refill", "Chant", [
        "Draw X cards, where X is five minus the number of cards in your hand."])])
    _all_exact(res)
    for others, drawn in ((2, 3), (6, 0)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE)
        slot = sc.put(0, "TXT-281", K.Zone.HAND)
        for _ in range(others):
            sc.put(0, "TXT-281", K.Zone.HAND)
        g = sc.game()
        hand0 = _zone_n(g, 0, K.Zone.HAND)
        _resolve_chant(g, sc, slot)
        assert _zone_n(g, 0, K.Zone.HAND) == hand0 - 1 + drawn


def test_cr_1020_3_plus_x00_counts_the_resonators_as_it_resolves(tmp_path):
    """"Target resonator gains [+X00/+X00] until end of turn, where X is the number of resonators you control": three
    resonators give +300/+300 until end of turn (POWER_X: POWER times the X set before)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-282", "Made-up Rally", "Chant", [
            "Target resonator gains [+X00/+X00] until end of turn, where X is the number of resonators you control."]),
        _card("TXT-283", "Made-up Squire", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    squires = sc.field(0, ["TXT-283"] * 3)
    slot = sc.put(0, "TXT-282", K.Zone.HAND)
    g = sc.game()
    _resolve_chant(g, sc, slot, squires[1])
    assert int(g.state[S.ATK_EOT + squires[1] * S.CARD_W]) == 300
    assert int(g.state[S.DEF_EOT + squires[1] * S.CARD_W]) == 300
    assert int(g.state[S.ATK_EOT + squires[0] * S.CARD_W]) == 0


def test_cr_202_different_names_and_x_counters_and_tokens(tmp_path):
    """Two resonators of one name and one of another are two different names: X = 2 counters on the target, X = 2
    tokens into the field, 200 life multiplied by X = 400 life."""
    from tcg_env.games.force_of_will.scenario import Scenario

    count = "where X is the number of resonators with different names you control."
    res, pool = _imported_pool(tmp_path, [
        _card("TXT-284", "Made-up Muster", "Chant", [f"Put X [+100/+100] counters on target resonator, {count}"]),
        _card("TXT-285", "Made-up Levy", "Chant", [f"Put X [100/100] fire Knight resonator tokens into the field, {count}"]),
        _card("TXT-286", "Made-up Tithe", "Chant", [f"You gain 200 life multiplied by X, {count}"]),
        _card("TXT-283", "Made-up Squire", "Resonator", []),
        _card("TXT-287", "Made-up Page", "Resonator", [])])
    _all_exact(res)
    for chant in ("TXT-284", "TXT-285", "TXT-286"):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        sc.will(0, K.Attribute.FIRE)
        cards = sc.field(0, ["TXT-283", "TXT-283", "TXT-287"])
        slot = sc.put(0, chant, K.Zone.HAND)
        g = sc.game()
        field, life = _zone_n(g, 0, K.Zone.FIELD), int(g.state[S.LIFE])
        _resolve_chant(g, sc, slot, cards[2])
        if chant == "TXT-284":
            assert int(g.state[S.COUNTERS + cards[2] * S.CARD_W]) == 2
        elif chant == "TXT-285":
            assert _zone_n(g, 0, K.Zone.FIELD) == field + 2
        else:
            assert int(g.state[S.LIFE]) == life + 400


def test_cr_1020_3_for_each_until_end_of_turn_in_an_activate_ability(tmp_path):
    """"{R}: This card gains [+100/+0] for each resonator you control until end of turn." with itself and one more:
    +200 ATK until end of turn (CR 1020.3), counted as the ability resolves."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-288", "Made-up Captain", "Resonator", [
            "{R}: This card gains [+100/+0] for each resonator you control until end of turn."]),
        _card("TXT-283", "Made-up Squire", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    captain, _squire = sc.field(0, ["TXT-288", "TXT-283"])
    g = sc.game()
    i = [int(x) for x in sc.zone(0, "field")].index(captain)
    _activate(g, i, 0)
    assert int(g.state[S.ATK_EOT + captain * S.CARD_W]) == 200
    assert int(g.state[S.DEF_EOT + captain * S.CARD_W]) == 0


# ---- continuous counted changes and the forms around them -------------------------------------------------------------
def test_cr_904_where_x_is_without_a_duration_is_a_counted_aura():
    r = exact("This card gains [-X/-X], where X is your life.")
    assert r.abilities == [{"kind": "continuous", "effect": [{"op": "aura_power", "atk": -100, "defense": -100,
                                                              "filter": {"self_only": True}, "per": {"count": "life"}}]}]
    r = exact("J/resonators your opponent controls gain [-X00/-X00], where X is the number of additions with different "
              "names you control.", "addition")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "names", "filter": {"type": ["addition"], "side": "own"}}
    # printed without the comma; "fifteen minus"; a count of named counters
    r = exact("{Rest}: Put X strength counters on this card where X is fifteen minus the number of strength counters on "
              "this card.")
    assert r.abilities[0]["effect"][0] == {"op": "set_x", "per": {"count": "named", "counter_name": "strength",
                                                                   "counters_from": "this_card"}, "times": -1, "plus": 15}
    # CR 208: "for each different attribute among <cards>" (Per.ATTRIBUTES) in a card's own cost
    r = exact("You pay {1} less to play this card for each different attribute among entities your opponent controls.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "attributes", "filter": {"side": "opponent"}}


def test_cr_202_a_counted_aura_of_different_names_and_of_your_life(tmp_path):
    """"This card gains [+X00/+0], where X is the number of resonators with different names you control.": with two of
    one name and one of another (itself among them) +200; "[-X/-X], where X is your life" at 3000 life: -3000 ATK."""
    import numpy as np
    from fow_tables import current_values

    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-290", "Made-up Herald", "Resonator", [
            "This card gains [+X00/+0], where X is the number of resonators with different names you control."],
              ATK=500, DEF=500),
        _card("TXT-291", "Made-up Wraith", "Resonator", ["This card gains [-X/-0], where X is your life."],
              ATK=5000, DEF=500),
        _card("TXT-283", "Made-up Squire", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    herald, wraith, _a, _b = sc.field(0, ["TXT-290", "TXT-291", "TXT-283", "TXT-283"])
    sc.life(0, 3000)
    g = sc.game()
    # three names among the four: the herald's, the wraith's, the squires' (one)
    assert int(current_values(np.asarray(g.state), pool.kernel_tables, herald)[0]) == 500 + 300
    assert int(current_values(np.asarray(g.state), pool.kernel_tables, wraith)[0]) == 5000 - 3000


# ---- CR 907.4: "Produce <will> for each <cards>" ----------------------------------------------------------------------
def test_cr_907_produce_a_will_for_each_card_compiles_to_x_of_it():
    r = exact("{Rest}: Produce {R} for each resonator you control.")
    assert r.abilities == [{"kind": "will", "cost": {"rest": True}, "effect": [
        {"op": "set_x", "per": _OWN_RES, "times": 1}, {"op": "produce_will", "will": "fire", "count": "X"}]}]
    r = exact("[Enter]: Produce {G} for each resonator you control.")
    assert r.abilities[0]["effect"][1] == {"op": "produce_will", "will": "wind", "count": "X"}
    assert line("{Rest}: Produce {R} or {G} for each resonator you control.").verdict is Verdict.UNSUPPORTED


def test_cr_907_4_a_will_ability_produces_as_many_as_it_counts(tmp_path):
    """"{Rest}: Produce {R} for each resonator you control." with three resonators (itself included): three fire will
    in the pool at once (CR 907.3: no chase)."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-292", "Made-up Bonfire Keeper", "Resonator", ["{Rest}: Produce {R} for each resonator you control."]),
        _card("TXT-283", "Made-up Squire", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    keeper, _a, _b = sc.field(0, ["TXT-292", "TXT-283", "TXT-283"])
    g = sc.game()
    use = K.ACTIVATE_BASE + [int(x) for x in sc.zone(0, "field")].index(keeper) * K.ABILITIES_PER_CARD
    assert use in g.legal_actions().tolist()
    g.step(use)
    assert int(g.state[S.WILL + K.Attribute.FIRE]) == 3 and int(g.state[S.RESTED + keeper * S.CARD_W]) == 1


# ---- counts of a graveyard's or removed area's cards, "plus an additional ..." ----------------------------------------
@pytest.mark.parametrize("text, per", [
    ("This card gains [+200/+200] for each magic stone in all graveyards.",
     {"count": "zone", "filter": {"type": ["magic_stone"], "zone": "graveyard"}}),
    ("This card gains [+100/+100] for each resonator in your removed area.",
     {"count": "zone", "filter": {"type": ["resonator"], "zone": "removed", "side": "own"}}),
    ("This card gains [+100/+100] for each card named \"Test Card\" in your graveyard.",
     {"count": "graveyard", "filter": {"name": "Test Card", "zone": "graveyard"}}),
])
def test_cr_105_3a_a_count_of_the_cards_of_a_graveyard_or_removed_area(text, per):
    assert exact(text).abilities[0]["effect"][0]["per"] == per


def test_cr_1007_3a_n_damage_plus_an_additional_m_damage_is_one_damage():
    r = exact("This card deals 400 damage plus an additional 200 damage multiplied by X to your opponent, where X is the "
              "number of cards in your hand.", "chant")
    assert r.fields["effect"] == [{"op": "set_x", "per": {"count": "hand"}, "times": 2, "plus": 4},
                                  {"op": "damage_player", "amount": "X00", "who": "opponent"}]
    r = exact("[Enter] >>> This card deals 200 damage to target player or J/resonator for each card in your hand.")
    assert [m[-2]["times"] for m in r.abilities[0]["effect"][0]["modes"]] == [2, 2, 2]


def test_cr_105_3a_a_count_of_both_graveyards_as_the_aura_reads_it(tmp_path):
    """"This card gains [+100/+0] for each resonator in all graveyards.": one resonator in each graveyard and a chant in
    one: +200 (Per.ZONE_MATCHING, both players' lists); "in your opponent's graveyard" counts theirs only: +100."""
    import numpy as np
    from fow_tables import current_values

    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-293", "Made-up Gravedigger", "Resonator", [
            "This card gains [+100/+0] for each resonator in all graveyards."], ATK=500, DEF=500),
        _card("TXT-294", "Made-up Robber", "Resonator", [
            "This card gains [+100/+0] for each resonator in your opponent's graveyard."], ATK=500, DEF=500),
        _card("TXT-283", "Made-up Squire", "Resonator", []),
        _card("TXT-281", "Made-up Refill", "Chant", ["Draw a card."])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    digger, robber = sc.field(0, ["TXT-293", "TXT-294"])
    sc.put(0, "TXT-283", K.Zone.GRAVEYARD)
    sc.put(1, "TXT-283", K.Zone.GRAVEYARD)
    sc.put(1, "TXT-281", K.Zone.GRAVEYARD)
    g = sc.game()
    assert int(current_values(np.asarray(g.state), pool.kernel_tables, digger)[0]) == 700
    assert int(current_values(np.asarray(g.state), pool.kernel_tables, robber)[0]) == 600


def test_cr_903_2f_plus_x00_of_a_chants_chosen_x(tmp_path):
    """"J/resonators your opponent controls gain [-X00/-X00] until end of turn." on a chant whose cost has {X}: the X
    chosen as it is played (CHOOSE_X, CR 903.2f) times -100/-100 (POWER_X reads the chase entry's X)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("J/resonators your opponent controls gain [-X00/-X00] until end of turn.", "chant",
                 x=True).fields["effect"][-1] == {"op": "power_x", "atk": -100, "defense": -100,
                                                  "duration": "end_of_turn"}
    res, pool = _imported_pool(tmp_path, [
        _card("TXT-295", "Made-up Withering", "Chant", [
            "J/resonators your opponent controls gain [-X00/-X00] until end of turn."], cost="{X}{B}", colour=["B"]),
        _card("TXT-296", "Made-up Sentinel", "Resonator", [], ATK=500, DEF=500)])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.DARKNESS, 3)
    (foe,) = sc.field(1, ["TXT-296"])
    slot = sc.put(0, "TXT-295", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_X
    g.step(K.OPTION_BASE + 2)  # X = 2
    for _ in range(6):
        if int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    assert int(g.state[S.ATK_EOT + foe * S.CARD_W]) == -200 and int(g.state[S.DEF_EOT + foe * S.CARD_W]) == -200


def test_cr_1007_3a_for_each_card_in_the_field_and_damage_to_each_player_multiplied():
    r = exact("You may pay {1} less to play this card for each resonator in the field.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "field", "filter": {"type": ["resonator"]}}  # both fields
    r = exact("{2}, {Rest}: This card deals 100 damage multiplied by the number of resonators you control to each player.")
    assert r.abilities[0]["effect"] == [{"op": "set_x", "per": _OWN_RES, "times": 1},
                                        {"op": "damage_player", "amount": "X00", "who": "controller"},
                                        {"op": "damage_player", "amount": "X00", "who": "opponent"}]


def test_cr_1007_3a_the_additional_damage_is_dealt_at_once_with_the_base(tmp_path):
    """"This card deals 400 damage plus an additional 200 damage multiplied by X to your opponent, where X is the
    number of resonators you control.": two resonators, 400 + 2 x 200 = 800 damage to the opponent at once."""
    from tcg_env.games.force_of_will.scenario import Scenario

    res, pool = _imported_pool(tmp_path, [
        _card("TXT-297", "Made-up Volley", "Chant", [
            "This card deals 400 damage plus an additional 200 damage multiplied by X to your opponent, where X is the "
            "number of resonators you control."]),
        _card("TXT-283", "Made-up Squire", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.field(0, ["TXT-283", "TXT-283"])
    slot = sc.put(0, "TXT-297", K.Zone.HAND)
    g = sc.game()
    life = int(g.state[S.LIFE + 1])
    _resolve_chant(g, sc, slot)
    assert int(g.state[S.LIFE + 1]) == life - 800


def test_cr_201_2b_for_each_race_ruler_or_entity_counts_the_ruler_area_too(tmp_path):
    """"This card gains [+200/+0] for each Knight ruler or entity you control.": itself (a Knight resonator) and a Knight
    ruler in its controller's ruler area: +400 (Per.FIELD_AND_RULER); the ruler is no entity (CR 307.6) but it is a
    ruler (CR 201.2b). Outside a count the noun list stays unsupported (a filter has one zone)."""
    import numpy as np
    from fow_tables import current_values

    from tcg_env.games.force_of_will.scenario import Scenario

    assert line("Destroy target Knight ruler or entity.", "chant").verdict is Verdict.UNSUPPORTED
    res, pool = _imported_pool(tmp_path, [
        _card("TXT-298", "Made-up Banneret", "Resonator", [
            "This card gains [+200/+0] for each Knight ruler or entity you control."], ATK=500, DEF=500),
        {"id": "TXT-299", "name": "Made-up Knight King", "type": ["Ruler"], "cost": None, "colour": ["R"],
         "race": ["Knight"], "abilities": []}])
    _all_exact(res)
    for ruler, atk in ((False, 700), (True, 900)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        if ruler:
            sc.row[S.CARD + K.RULER_SLOT * S.CARD_W] = pool.index["TXT-299"]
        (banneret,) = sc.field(0, ["TXT-298"])
        g = sc.game()
        assert int(current_values(np.asarray(g.state), pool.kernel_tables, banneret)[0]) == atk


def test_cr_203_5_where_x_is_the_total_cost_of_the_chant_played(tmp_path):
    """"Whenever you play a chant => Target resonator your opponent controls gains [-X00/0] until end of turn, where X is
    that chant's total cost.": a chant of cost {R}{1} (total cost 2) gives -200 ATK (Per.TRIGGER_COST, the trigger's
    card); "that chant's total cost" after a trigger about no card stays unsupported."""
    from test_fow_card_text import _drive
    from test_fow_card_text_s23b import _resolved

    from tcg_env.games.force_of_will.scenario import Scenario

    assert line("[Enter] => Draw X cards, where X is that chant's total cost.").verdict is Verdict.UNSUPPORTED
    res, pool = _imported_pool(tmp_path, [
        _card("TXT-300", "Made-up Echo Mage", "Resonator", [
            "Whenever you play a chant => Target resonator your opponent controls gains [-X00/0] until end of turn, "
            "where X is that chant's total cost."]),
        _card("TXT-301", "Made-up Spark", "Chant", ["Draw a card."], cost="{R}{1}"),
        _card("TXT-296", "Made-up Sentinel", "Resonator", [], ATK=500, DEF=500)])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.field(0, ["TXT-300"])
    (foe,) = sc.field(1, ["TXT-296"])
    sc.put(0, "TXT-301", K.Zone.HAND)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert int(g.state[S.ATK_EOT + foe * S.CARD_W]) == -200


def test_cr_1022_1_for_each_counter_on_it_is_this_cards_own_when_this_card_gains():
    r = exact("[Continuous]: This card gains [+300/+300] for each achievement counter on it.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "named", "counter_name": "achievement",
                                                  "counters_from": "this_card"}
    # "it" of another card than the one that gains: not read as this card
    assert line("Target resonator gains [+300/+300] for each achievement counter on it until end of turn.",
                "chant").verdict is Verdict.UNSUPPORTED


def test_cr_202_for_each_different_name_counts_names_either_of_a_card(tmp_path):
    """"This card gains [+100/+0] for each different name among resonators you control.": itself, two Squires and a card
    with a second name (CR 202: "has "<name>" in addition to its other names") make four names: +400
    (Per.DISTINCT_NAMES counts names, Per.NAMES cards)."""
    import numpy as np
    from fow_tables import current_values

    from tcg_env.games.force_of_will.scenario import Scenario

    r = exact("You may pay {2} less to play this card for each different name among all magic stones you control.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "distinct_names",
                                                  "filter": {"type": ["magic_stone"], "side": "own"}}
    res, pool = _imported_pool(tmp_path, [
        _card("TXT-302", "Made-up Herald", "Resonator", [
            "This card gains [+100/+0] for each different name among resonators you control."], ATK=500, DEF=500),
        _card("TXT-283", "Made-up Squire", "Resonator", []),
        _card("TXT-303", "Made-up Twin", "Resonator", ['This card has "Made-up Page" in addition to its other names.']),
        _card("TXT-287", "Made-up Page", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    herald, *_ = sc.field(0, ["TXT-302", "TXT-283", "TXT-283", "TXT-303"])
    g = sc.game()
    assert int(current_values(np.asarray(g.state), pool.kernel_tables, herald)[0]) == 900


def test_cr_903_3a_the_chosen_target_is_the_target_chosen_before():
    r = exact("{Rest}: This card deals X00 damage to target resonator and the chosen target gains [+X00/0] until end of "
              "turn, where X is the number of additions you control.")
    assert [op["op"] for op in r.abilities[0]["effect"]] == ["choose", "set_x", "damage", "power_x"]
    assert all(op.get("reg", 0) == 0 for op in r.abilities[0]["effect"])  # one register: the one target
