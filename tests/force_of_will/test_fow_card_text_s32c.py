"""Force of Will card text, session 32 (branch s32c): one-shot effect bodies. "A. If you control (N or more) <cards> / a
card named "<name>", B instead." (the other branch: constants.Condition CONTROL_FEWER, STONES_FEWER, CONTROL_NAME_NONE;
card_text._not), "with 1000 ATK or more" in a target's filter. Lines are made up in the game's template language. Rule
numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _drive, _imported_pool, exact, line
from test_fow_card_text_s23b import _all_exact, _resolved, _zone_n
from test_fow_card_text_s24b import _card


# ---- "... instead" after "if you control ..." (the compiler) --------------------------------------------------------
RACES = frozenset({"Knight"})  # the race names of the card list (read as races where the text names them)


def _conds(effect):
    return [op["condition"]["kind"] for op in effect if op["op"] == "if"]


def test_instead_after_you_control_tests_the_condition_not_holding_first():
    r = exact("Return target resonator to its owner's hand. If you control a Knight resonator, put it on top of its "
              "owner's deck instead.", "chant", races=RACES)
    eff = r.fields["effect"]
    assert _conds(eff) == ["control_fewer", "control_at_least"]
    assert [op["op"] for op in eff] == ["choose", "if", "return_to_hand", "if", "to_deck_top"]
    assert eff[1]["condition"]["value"] == 1 and eff[1]["condition"]["filter"] == eff[3]["condition"]["filter"]
    r = exact("Draw a card. If you control four or more magic stones, draw two cards instead.", "chant")
    assert _conds(r.fields["effect"]) == ["stones_fewer", "stones_at_least"]
    r = exact('This card deals 500 damage to target resonator. If you control a card named "Made-up Hero", destroy '
              'that resonator instead.', "chant")
    assert _conds(r.fields["effect"]) == ["control_name_none", "control_name"]
    r = exact("[Enter] => Draw a card. If you control two or more Knight resonators, draw two cards instead.", races=RACES)
    assert r.abilities[0]["effect"][0]["condition"] == {"kind": "control_fewer", "value": 2, "filter": {
        "race": "Knight", "type": ["resonator"], "side": "own"}}


@pytest.mark.parametrize("text", [
    # the first effect may put a card into the field: the second would then find the condition holding
    "Search your deck for a Knight resonator and put it into your field. Then shuffle your deck. If you control a "
    "Knight resonator, draw a card instead.",
    "Put a [100/100] fire Knight resonator token into the field. If you control two or more Knight resonators, draw a "
    "card instead.",
    # it may recover a card the condition reads recovered
    "Recover target resonator. If you control a recovered Knight resonator, draw a card instead.",
])
def test_instead_after_you_control_is_unsupported_when_the_first_effect_may_make_it_hold(text):
    r = line(text, "chant", races=RACES)
    assert r.verdict is Verdict.UNSUPPORTED and "may change" in r.reason


def test_a_target_with_n_atk_or_more_or_less():
    r = exact("Return target resonator your opponent controls with 1000 ATK or more to its owner's hand.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["resonator"], "side": "opponent", "atk_min": 1000}
    r = exact("Destroy target resonator with 500 ATK or less.", "chant")
    assert r.fields["effect"][0]["filter"]["atk_max"] == 500


# ---- in the engine -------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def pool32(tmp_path_factory):
    cards = [
        _card("TXT-321", "Made-up Knight Call", "Chant", [
            "Draw a card. If you control two or more Knight resonators, draw two cards instead."]),
        _card("TXT-322", "Made-up Squire", "Resonator", []),
        _card("TXT-323", "Made-up Banner Call", "Chant", [
            'You gain 300 life. If you control a card named "Made-up Squire", you gain 700 life instead.']),
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s32c"), cards)
    _all_exact(res)
    return pool


def _cast(pool, chant, field=()):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, chant, K.Zone.HAND)
    if field:
        sc.field(0, list(field))
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g


@pytest.mark.parametrize("squires, drawn", [(0, 1), (1, 1), (2, 2), (3, 2)])
def test_instead_draws_one_card_with_fewer_than_n_knights_and_two_with_n(pool32, squires, drawn):
    """Condition CONTROL_FEWER (the first branch) and CONTROL_AT_LEAST (the second): exactly one of them is done."""
    g = _cast(pool32, "TXT-321", ["TXT-322"] * squires)
    hand = _zone_n(g, 0, K.Zone.HAND)
    _drive(g, _resolved)
    assert _zone_n(g, 0, K.Zone.HAND) == hand + drawn


@pytest.mark.parametrize("field, gained", [((), 300), (("TXT-322",), 700)])
def test_instead_gains_the_other_life_without_the_named_card(pool32, field, gained):
    """Condition CONTROL_NAME_NONE (the first branch) and CONTROL_NAME (the second)."""
    g = _cast(pool32, "TXT-323", field)
    life = int(g.state[S.LIFE])
    _drive(g, _resolved)
    assert int(g.state[S.LIFE]) == life + gained


# ---- "prevent the next N damage ..." (CR 1018.1a) -------------------------------------------------------------------
def test_cr_1018_1a_prevent_the_next_damage_until_end_of_turn_is_this_turns_shield():
    a = exact("Prevent the next 800 damage that would be dealt to target resonator until end of turn.", "chant")
    b = exact("Prevent the next 800 damage that would be dealt to target resonator this turn.", "chant")
    assert a.fields == b.fields == {"effect": [{"op": "choose", "filter": {"type": ["resonator"]}},
                                               {"op": "prevent", "amount": 800}]}


def test_cr_903_2g_prevent_the_next_damage_to_target_card_or_yourself_is_one_option_each():
    r = exact("Prevent the next 500 damage that would be dealt to target J/resonator or yourself this turn.", "chant")
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [
        [{"op": "choose", "filter": {"type": ["j_resonator"]}}, {"op": "prevent", "amount": 500}],
        [{"op": "prevent_player", "amount": 500, "who": "controller"}]]}]
    # inside a choice of modes: the options of the card's choice
    r = exact("Choose one - Draw a card; or prevent the next 500 damage that would be dealt to target J/resonator or "
              "yourself this turn.", "chant")
    assert len(r.fields["effect"][0]["modes"]) == 3


# ---- "recover [up to N] <cards> you control" (CR 903.2g: chosen as it resolves, Op.PLAYER_CHOOSE) -----------------
def test_cr_903_2g_recover_magic_stones_you_control_is_chosen_as_it_resolves():
    r = exact("Draw a card. Recover a magic stone you control.", "chant")
    assert r.fields["effect"][1:] == [{"op": "player_choose", "filter": {"type": ["magic_stone"], "side": "own"},
                                       "count": 1}, {"op": "recover"}]
    r = exact("[Enter] => Recover up to two magic stones you control.")
    assert r.abilities[0]["effect"] == [{"op": "player_choose", "filter": {"type": ["magic_stone"], "side": "own"},
                                         "count": 2, "up_to": True}, {"op": "recover"}]
    # whose cards is not said: not read as yours
    assert line("Recover up to four magic stones.", "chant").verdict is Verdict.UNSUPPORTED


@pytest.fixture(scope="module")
def pool32r(tmp_path_factory):
    stone = {"id": "TXT-329", "name": "Made-up Geode", "type": ["Special Magic Stone", "Magic Stone"], "cost": None,
             "colour": ["V"], "abilities": ["{Rest}: Produce {R}."]}
    cards = [
        _card("TXT-327", "Made-up Mending", "Chant", ["Recover up to two magic stones you control."]),
        _card("TXT-328", "Made-up Mend", "Chant", ["Recover a magic stone you control."]),
        _card("TXT-326", "Made-up Rally", "Chant", ["Recover a ruler you control. Draw a card."]),
        _card("TXT-325", "Made-up Boon", "Chant", ["Put two [+100/+100] counters on a resonator you control."]),
        _card("TXT-324", "Made-up Page", "Resonator", []),
        _card("TXT-320", "Made-up Quarry Break", "Chant", ["Destroy target special magic stone."]),
        _card("TXT-317", "Made-up Grave Sweep", "Chant", ["Remove target resonator in a graveyard from the game."]),
        _card("TXT-316", "Made-up Famine", "Chant", [
            "Your opponent cannot gain life until end of turn. Your opponent gains 500 life. You gain 300 life."]),
        _card("TXT-315", "Made-up Feast", "Chant", ["Your opponent gains 500 life. You gain 300 life."]),
        _card("TXT-314", "Made-up Hopeful", "Resonator", ["[Will of Hope]"]),
        _card("TXT-313", "Made-up Hope Seek", "Chant", [
            "Look at the top two cards of your deck. You may reveal a card with [Will of Hope] from among them and put "
            "it into your hand. Put the rest on the bottom of your deck in any order."]),
        _card("TXT-319", "Made-up Stone Call", "Chant", [
            "Search your magic stone deck for a non-special magic stone and put it into your field. Then shuffle your "
            "magic stone deck."]),
        {"id": "TXT-318", "name": "Made-up Ember Stone", "type": ["Magic Stone", "Basic Magic Stone", "Fire Magic Stone"],
         "cost": None, "colour": [], "abilities": ["{Rest}: Produce {R}."]},
        stone,
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("s32cr"), cards)
    _all_exact(res)
    return pool


def _recover_cast(pool, chant, stones=3):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=5)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, chant, K.Zone.HAND)
    rocks = [sc.put(0, "TXT-329", K.Zone.FIELD, rested=True) for _ in range(stones)]
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET or _resolved(g))
    return g, rocks


def _rested(g, rocks):
    return sum(int(g.state[S.RESTED + r * S.CARD_W]) for r in rocks)


@pytest.mark.parametrize("chosen", [0, 1, 2])
def test_cr_903_2g_recover_up_to_two_recovers_the_cards_chosen_and_may_stop(pool32r, chosen):
    """Up to two of three rested magic stones: the player chooses them one at a time as it resolves and may stop (PASS)
    after any number; only those are recovered (Op.PLAYER_CHOOSE, then RECOVER on its register)."""
    from tcg_env.engine.header import H_DECIDER, H_DECISION

    g, rocks = _recover_cast(pool32r, "TXT-327")
    for k in range(chosen):
        assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET and int(g.state[H_DECIDER]) == 0
        legal = g.legal_actions().tolist()
        assert K.PASS in legal and len([a for a in legal if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]) == 3 - k
        g.step(K.OPTION_BASE)
    if chosen < 2:
        assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
        g.step(K.PASS)
    _drive(g, _resolved)
    assert _rested(g, rocks) == 3 - chosen


def test_cr_903_2g_recover_a_magic_stone_must_choose_one(pool32r):
    from tcg_env.engine.header import H_DECISION

    g, rocks = _recover_cast(pool32r, "TXT-328")
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET and K.PASS not in g.legal_actions().tolist()
    g.step(K.OPTION_BASE + 1)
    _drive(g, _resolved)
    assert _rested(g, rocks) == 2


def test_cr_308_recover_a_ruler_you_control_is_the_ruler_in_its_ruler_area():
    r = exact("Recover a ruler you control. Draw a card.", "chant")
    assert r.fields["effect"][:2] == [
        {"op": "select_all", "filter": {"type": ["ruler"], "side": "own", "zone": "ruler_area"}}, {"op": "recover"}]
    assert line("Recover up to two rulers you control.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_308_recover_a_ruler_you_control_recovers_the_rested_ruler(pool32r):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32r, turn_player=0, seed=5)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, "TXT-326", K.Zone.HAND)
    sc.row[S.RESTED + K.RULER_SLOT * S.CARD_W] = 1
    g = sc.game()
    hand = _zone_n(g, 0, K.Zone.HAND)
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert int(g.state[S.RESTED + K.RULER_SLOT * S.CARD_W]) == 0
    assert _zone_n(g, 0, K.Zone.HAND) == hand  # the chant left the hand, a card was drawn


def test_cr_903_2g_counters_on_a_card_you_control_are_put_on_the_card_chosen_as_it_resolves():
    r = exact("Put two [+100/+100] counters on a resonator you control.", "chant")
    assert r.fields["effect"] == [{"op": "player_choose", "filter": {"type": ["resonator"], "side": "own"}, "count": 1},
                                  {"op": "counter", "count": 2}]
    r = exact("{Rest}: Put a [+100/+100] counter on another entity you control.")
    assert r.abilities[0]["effect"][0]["filter"] == {"exclude_self": True, "side": "own"}


def test_cr_1022_counters_go_on_the_resonator_chosen_as_it_resolves(pool32r):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32r, turn_player=0, seed=5)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, "TXT-325", K.Zone.HAND)
    pages = [sc.put(0, "TXT-324", K.Zone.FIELD) for _ in range(2)]
    sc.put(1, "TXT-324", K.Zone.FIELD)  # the opponent's: not offered
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET)
    cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    assert sorted(cands) == sorted(pages)
    g.step(K.OPTION_BASE + cands.index(pages[1]))
    _drive(g, _resolved)
    assert [int(g.state[S.COUNTERS + p * S.CARD_W]) for p in pages] == [0, 2]


def test_cr_903_2g_return_a_card_you_control_is_chosen_as_it_resolves():
    r = exact("[Enter] => You may return another Knight resonator you control to its owner's hand. If you do, draw a "
              "card.", races=RACES)
    ab = r.abilities[0]
    assert ab["optional"] and ab["effect"] == [
        {"op": "player_choose", "filter": {"exclude_self": True, "race": "Knight", "type": ["resonator"], "side": "own"},
         "count": 1}, {"op": "return_to_hand"}, {"op": "if_done", "rows": 1}, {"op": "draw", "count": 1}]
    r = exact("Return a non-magic stone entity you control to its owner's hand.", "chant")
    assert r.fields["effect"][0]["op"] == "player_choose"


def test_all_cards_with_qualifiers_before_the_side_and_non_words_without_a_comma():
    r = exact("Destroy all resonators with total cost 1 or less your opponent controls.", "chant")
    assert r.fields["effect"][0] == {"op": "select_all", "filter": {"type": ["resonator"], "cost_max": 1,
                                                                    "side": "opponent"}}
    a = exact("Return target non-J/resonator non-magic stone entity to its owner's hand.", "chant")
    b = exact("Return target non-J/resonator, non-magic stone entity to its owner's hand.", "chant")
    assert a.fields == b.fields



# ---- "basic / special magic stone" (CR 402.4b: FowFilter.stone) ---------------------------------------------------
def test_cr_402_4b_basic_and_special_magic_stones_in_filters():
    r = exact("Destroy target special magic stone.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["magic_stone"], "stone": "special"}
    r = exact("Search your magic stone deck for a non-special magic stone and put it into your field. Then shuffle your "
              "magic stone deck.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["magic_stone"], "stone": "basic", "zone": "stone_deck"}
    r = exact("Destroy target non-special wind magic stone.", "chant")
    assert r.fields["effect"][0]["filter"] == {"type": ["wind_magic_stone"], "stone": "basic"}
    assert line("Destroy target special resonator.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_402_4b_a_special_magic_stone_target_is_never_a_basic_one(pool32r):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32r, turn_player=0, seed=5)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, "TXT-320", K.Zone.HAND)
    basic = sc.put(1, "TXT-318", K.Zone.FIELD)
    special = sc.put(1, "TXT-329", K.Zone.FIELD)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [special]
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + special * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + basic * S.CARD_W]) == K.Zone.FIELD



# ---- "remove target <card> in a graveyard from the game" (CR 903.2g, 1004.1: Op.GRAVE_REMOVE) ----------------------
def test_cr_1004_1_remove_target_card_in_a_graveyard_compiles_to_a_graveyard_target():
    r = exact("Remove target card in a graveyard from the game.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"zone": "graveyard", "side": "any"}},
                                  {"op": "grave_remove"}]
    r = exact("[Enter] => Remove up to two target resonators in your opponent's graveyard from the game.")
    assert r.abilities[0]["effect"][0] == {"op": "choose", "filter": {"type": ["resonator"], "zone": "graveyard",
                                                                      "side": "opponent"}, "count": 2, "up_to": True}


def test_cr_1004_1_the_graveyard_target_goes_to_its_owners_removed_area(pool32r):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32r, turn_player=0, seed=5)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, "TXT-317", K.Zone.HAND)
    dead = sc.put(1, "TXT-324", K.Zone.GRAVEYARD)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
        assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [dead]
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + dead * S.CARD_W]) == K.Zone.REMOVED
    assert _zone_n(g, 1, K.Zone.REMOVED) == 1 and _zone_n(g, 1, K.Zone.GRAVEYARD) == 0



# ---- "Your opponent cannot gain life until end of turn." (Op.NO_LIFE_GAIN_TURN) -----------------------------------
def test_your_opponent_cannot_gain_life_until_end_of_turn_compiles_to_a_turns_entry():
    r = exact("This card deals 800 damage to target player or J/resonator. Your opponent cannot gain life until end of "
              "turn.", "chant")
    assert all(m[-1] == {"op": "no_life_gain_turn", "who": "opponent"} for m in r.fields["effect"][0]["modes"])
    assert line("Your opponent cannot gain life.", "chant").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("chant, opp_gain", [("TXT-316", 0), ("TXT-315", 500)])
def test_your_opponent_cannot_gain_life_this_turn_but_you_can(pool32r, chant, opp_gain):
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32r, turn_player=0, seed=5)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, chant, K.Zone.HAND)
    g = sc.game()
    life = [int(g.state[S.LIFE + p]) for p in range(2)]
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert [int(g.state[S.LIFE + p]) for p in range(2)] == [life[0] + 300, life[1] + opp_gain]
    assert int(g.state[S.SHIELD_N]) == (1 if opp_gain == 0 else 0)
    _drive(g, lambda g: int(g.state[S.TURN_PLAYER]) != 0)  # CR 505.5b: it ends with the turn
    assert int(g.state[S.SHIELD_N]) == 0


def test_search_the_magic_stone_deck_for_up_to_two_stones_is_one_search_each():
    r = exact("Search your magic stone deck for up to two non-special wind magic stones and put them into your field. "
              "Then shuffle your magic stone deck.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"type": ["wind_magic_stone"], "stone": "basic",
                                                              "zone": "stone_deck"}, "to": "field"}] * 2


def test_a_state_before_non_words():
    r = exact("Destroy target rested non-magic stone card.", "chant")
    assert r.fields["effect"][0]["filter"] == {"state": "rested", "type": ["resonator", "j_ruler", "addition", "regalia"]}



# ---- "a card with [Will of Hope]" (CR 1101.1b: a mark, FowFilter.mark) --------------------------------------------
def test_cr_1101_1b_a_card_with_a_mark_in_a_filter():
    r = exact("Look at the top four cards of your deck. You may reveal a card with [Will of Despair] from among them and "
              "put it into your hand. Put the rest on the bottom of your deck in any order.", "chant")
    assert r.fields["effect"][0]["filter"] == {"mark": ["will_of_despair"], "zone": "main_deck"}
    r = exact("[Enter]: Reveal the top four cards of your main deck. Put a card among them into your hand. Put the rest "
              "into your graveyard.")
    assert r.abilities[0]["effect"][0]["top"] == 4


def test_cr_1101_1b_only_a_card_with_the_mark_is_found(pool32r):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool32r, turn_player=0, seed=5)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, "TXT-313", K.Zone.HAND)
    plain = sc.put(0, "TXT-324", K.Zone.MAIN_DECK)
    hope = sc.put(0, "TXT-314", K.Zone.MAIN_DECK)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[H_DECISION]) == K.Decision.SEARCH)
    assert [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))] == [pool32r.index["TXT-314"]]
    g.step(K.OPTION_BASE)
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + hope * S.CARD_W]) == K.Zone.HAND
    assert int(g.state[S.ZONE + plain * S.CARD_W]) == K.Zone.MAIN_DECK


def test_cr_104_2_if_they_dont_after_the_opponents_banish():
    r = exact("Your opponent banishes a resonator. If they don't, they banish a magic stone.", "chant")
    assert [op["op"] for op in r.fields["effect"]] == ["player_banish", "if_done", "player_banish"]
    assert r.fields["effect"][1] == {"op": "if_done", "rows": 1, "done": False}
    assert r.fields["effect"][2]["who"] == "opponent"
    # "they" asks about the opponent's op, "you" about yours
    assert line("Draw a card. If they don't, they banish a magic stone.", "chant").verdict is Verdict.UNSUPPORTED
    assert line("Your opponent banishes a resonator. If you don't, draw a card.", "chant").verdict is Verdict.UNSUPPORTED


def test_the_lists_misprints_read_as_the_sentences_they_mean():
    a = exact("Search your main deck, for a card and put it into your hand. The shuffle your main deck.", "chant")
    b = exact("Search your main deck for a card and put it into your hand. Then shuffle your main deck.", "chant")
    assert a.fields == b.fields
    a = exact("Look at your opponent's hand and you choose a card. They remove that card from the game.", "chant")
    b = exact("Look at your opponent's hand and choose a card. They remove that card from the game.", "chant")
    assert a.fields == b.fields
