"""Force of Will card text, session 24 (branch s24-fowa): choices of options - the options printed as lines of their own
("Choose one;" then "- A." lines, joined by the importer), "Enter >>>" without brackets, a mode's own condition ("Choose
this option only if ..."), "Choose one, if <condition>, you may choose both / choose up to three instead" (CR 903.2e),
"Choose one at random", and the condition "you control a <card> and another <card>". Lines are made up in the game's
template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _drive, _imported_pool, exact, line


def _card(number, name, ctype, abilities, cost="{R}", colour=("R",), **kw):
    return {"id": number, "name": name, "type": [ctype], "cost": cost, "colour": list(colour), "abilities": abilities,
            "race": ["Knight"], "ATK": 100, "DEF": 100, **kw}


def _all_exact(records):
    assert all(r.verdict is Verdict.EXACT for r in records), [(r.number, [x.reason for x in r.lines]) for r in records]


def _resolved(g):
    from tcg_env.engine.header import H_DECISION

    return int(g.state[S.CHASE_N]) == 0 and int(g.state[H_DECISION]) == K.Decision.PRIORITY


def _options(g):
    return [a - K.OPTION_BASE for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS]


# ---- the importer: options printed as lines of their own (CR 903.2e) ------------------------------------------------
@pytest.mark.parametrize("lines", [
    ["[Enter] => Choose one;", "- Draw a card.", "- You gain 500 life"],  # printed in order (the last without its stop)
    ["- Draw a card.", "- You gain 500 life.", "[Enter] => Choose one;"],  # a list printing the lines sorted
])
def test_cr_903_2e_option_lines_are_joined_to_the_choice_that_announces_them(lines):
    from tcg_env.games.force_of_will.importer import _join_options

    assert _join_options(["[Flying]", *lines] if lines[0].startswith("[") else [*lines, "[Flying]"]) in (
        ["[Flying]", "[Enter] => Choose one; - Draw a card. - You gain 500 life."],
        ["[Enter] => Choose one; - Draw a card. - You gain 500 life.", "[Flying]"])
    r = exact("[Enter] => Choose one; - Draw a card. - You gain 500 life.")
    assert [m[0]["op"] for m in r.abilities[0]["effect"][0]["modes"]] == ["draw", "gain_life"]


def test_option_lines_without_one_announcing_line_are_left_as_they_are():
    from tcg_env.games.force_of_will.importer import _join_options

    two_heads = ["- Draw a card.", "[Enter] => Choose one;", "{Rest}: Choose one;"]
    assert _join_options(two_heads) == two_heads  # sorted options, two lines they may belong to: not guessed
    assert _join_options(["Draw a card.", "- You gain 500 life."]) == ["Draw a card.", "- You gain 500 life."]


def test_cr_903_2e_options_after_a_choice_ending_with_a_dash_are_joined_with_their_or():
    from tcg_env.games.force_of_will.importer import _join_options

    assert _join_options(["Choose one-", "Draw a card.", "or you gain 500 life;", "or rest target resonator.",
                          "[Quickcast]"]) == [
        "Choose one- Draw a card; or you gain 500 life; or rest target resonator.", "[Quickcast]"]
    r = exact("Choose one- Draw a card; or you gain 500 life; or rest target resonator.", "chant")
    assert [m[-1]["op"] for m in r.fields["effect"][0]["modes"]] == ["draw", "gain_life", "rest"]


def test_cr_905_an_activate_abilitys_limit_printed_before_its_options_is_read_after_them():
    once = exact("{1}: Choose one; - Draw a card. - You gain 200 life. Play this ability only once per turn.")
    for text in ("{1}: Choose one. Play this ability only once per turn; - Draw a card. - You gain 200 life.",
                 "{1}: Choose one. Play this ability only once per turn - Draw a card; or you gain 200 life."):
        assert exact(text).abilities == once.abilities
    assert once.abilities[0]["once"] == "turn"


def test_cr_1140_enter_printed_without_its_brackets_is_enter():
    assert exact("Enter >>> Draw a card.").abilities == exact("[Enter] >>> Draw a card.").abilities


# ---- a mode's own condition ("Choose this option only if ...") -----------------------------------------------------
def test_cr_903_2e_choose_this_option_only_if_is_the_modes_condition():
    r = exact('Choose one; - Draw a card. - You gain 1000 life. Choose this option only if you control "Made-up Hero".',
              "chant")
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [[{"op": "draw", "count": 1}],
                                                                  [{"op": "gain_life", "amount": 1000}]],
                                   "conditions": [None, {"kind": "control_name", "value": "Made-up Hero"}]}]
    r = exact('Choose one - Draw a card; or you gain 1000 life. Choose the second only if you control "Made-up Hero".',
              "chant")
    assert r.fields["effect"][0]["conditions"] == [None, {"kind": "control_name", "value": "Made-up Hero"}]
    # "the second" of three options is not the last one: not read
    assert line('Choose one - Draw a card; or you gain 1000 life; or you gain 500 life. Choose the second only if you '
                'control "Made-up Hero".', "chant").verdict is Verdict.UNSUPPORTED


# ---- "Choose one, if <condition>, you may choose both" (CR 903.2e) --------------------------------------------------
def test_cr_903_2e_choose_one_if_you_may_choose_both_adds_the_pair_under_the_condition():
    r = exact("Choose one, if you control a fire J/resonator and another water J/resonator, you may choose both - "
              "Draw a card; or you gain 500 life.", "chant")
    cond = {"kind": "control_and_another", "filter": {"attribute": ["fire"], "type": ["j_resonator"], "side": "own"},
            "other": {"attribute": ["water"], "type": ["j_resonator"], "side": "own"}}
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [
        [{"op": "draw", "count": 1}], [{"op": "gain_life", "amount": 500}],
        [{"op": "draw", "count": 1}, {"op": "gain_life", "amount": 500}]], "conditions": [None, None, cond]}]


def test_cr_903_2e_choose_up_to_two_instead_if_printed_after_is_the_same_choice():
    before = line("Choose one. If this card was awakened, choose up to two instead; - Draw a card. - You gain 500 life.",
                  "chant")
    after = line("Choose one, choose up to two instead if this card was awakened - Draw a card; or you gain 500 life.",
                 "chant")
    assert before.verdict is after.verdict is Verdict.APPROXIMATE and before.fields == after.fields
    assert after.fields["effect"][0]["conditions"] == [None, None, {"kind": "awakened", "value": 1}]


def test_cr_903_2e_choose_up_to_three_instead_adds_the_pairs_and_the_three():
    r = line('Choose one. If you control "Made-up Hero", choose up to three instead; - Draw a card. - You gain 500 '
             'life. - Your opponent loses 300 life.', "chant")
    assert r.verdict is Verdict.APPROXIMATE and "choose_up_to_not_none" in r.approximations
    (op,) = r.fields["effect"]
    assert len(op["modes"]) == 7 and op["conditions"][:3] == [None] * 3
    assert all(c == {"kind": "control_name", "value": "Made-up Hero"} for c in op["conditions"][3:])


def test_cr_903_2e_choose_both_instead_is_both_options_only_while_the_condition_holds():
    r = exact("Choose one. If this card was awakened, choose both instead; - Draw a card. - You gain 500 life.", "chant")
    assert r.fields["effect"][0]["conditions"] == [{"kind": "awakened", "value": 0}] * 2 + [
        {"kind": "awakened", "value": 1}]


def test_cr_903_2e_choose_both_instead_after_a_control_condition_negates_it_for_the_options_alone():
    # "choose both instead": the options alone only while the condition does not hold (session 32: a control condition
    # negated, Condition.CONTROL_NAME_NONE; before, unsupported)
    r = exact('Choose one. If you control "Made-up Hero", choose both instead; - Draw a card. - You gain 500 life.',
              "chant")
    assert r.fields["effect"][0]["conditions"] == [{"kind": "control_name_none", "value": "Made-up Hero"}] * 2 + [
        {"kind": "control_name", "value": "Made-up Hero"}]
    # session 33 (s33c): a life condition negated too (Condition.LIFE_MORE), read as the options are chosen
    r = exact('Choose one. If your life is 1000 or less, choose both instead; - Draw a card. - You gain 500 life.',
              "chant")
    assert r.fields["effect"][0]["conditions"] == [{"kind": "life_more", "value": 1000}] * 2 + [
        {"kind": "life_at_most", "value": 1000}]
    assert line('Choose one. If you played two or more cards this turn, choose both instead; - Draw a card. - You gain '
                '500 life.', "chant").verdict is Verdict.UNSUPPORTED


def test_choose_one_at_random_is_approximate():
    r = line("Choose one at random; - Draw a card. - You gain 500 life.", "chant")
    assert r.verdict is Verdict.APPROXIMATE and "random_mode_among_open" in r.approximations
    assert r.fields["effect"][0]["at_random"] is True


def test_you_control_a_card_and_another_card_is_a_condition_wherever_conditions_go():
    r = exact("If you control a fire resonator and another water resonator, draw a card.", "chant")
    assert r.fields["effect"][0]["condition"]["kind"] == "control_and_another"


# ---- in the engine -------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def modes_pool(tmp_path_factory):
    cards = [
        _card("TXT-001", "Made-up Both", "Chant", [
            "Choose one, if you control a fire resonator and another water resonator, you may choose both - Draw a "
            "card; or you gain 500 life."]),
        _card("TXT-002", "Made-up Option", "Chant", [
            "Choose one;", "- Draw a card.", "- You gain 1000 life. Choose this option only if you control a water "
            "resonator."]),
        _card("TXT-003", "Made-up Dice", "Chant", ["Choose one at random; - Draw a card. - You gain 700 life."]),
        _card("TXT-004", "Made-up Fire Knight", "Resonator", [], ATK=300, DEF=300),
        _card("TXT-005", "Made-up Water Knight", "Resonator", [], cost="{U}", colour=("U",), ATK=300, DEF=300),
        _card("TXT-006", "Made-up Steam Knight", "Resonator", [], cost="{R}{U}", colour=("R", "U"), ATK=300, DEF=300),
        _card("TXT-008", "Made-up Narrow", "Chant", [
            "Choose one; - Destroy target addition. - You gain 1000 life. Choose this option only if you control a "
            "water resonator."]),
        _card("TXT-007", "Made-up Wake", "Chant", [
            "Choose one. If this card was awakened, choose both instead; - Draw a card. - You gain 500 life.",
            "[Awakening] {R}"]),
    ]
    res, pool = _imported_pool(tmp_path_factory.mktemp("modes"), cards)
    _all_exact([r for r in res.text_records if r.number != "TXT-003"])  # the random choice: approximate
    return pool


def _cast(pool, chant, field=(), action=K.PLAY_HAND_BASE):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(pool, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, chant, K.Zone.HAND)
    if field:
        sc.field(0, list(field))
    g = sc.game()
    g.step(action)
    return g, int(g.state[H_DECISION])


@pytest.mark.parametrize("field, offered", [
    ((), [0, 1]),
    (("TXT-004",), [0, 1]),
    (("TXT-006",), [0, 1]),  # one card both fire and water: not "a fire resonator and another water resonator"
    (("TXT-004", "TXT-005"), [0, 1, 2]),
    (("TXT-006", "TXT-005"), [0, 1, 2]),
])
def test_cr_903_2e_both_options_offered_only_while_you_control_a_card_and_another(modes_pool, field, offered):
    g, decision = _cast(modes_pool, "TXT-001", field)
    assert decision == K.Decision.CHOOSE_MODE
    assert _options(g) == offered


def test_cr_903_2e_both_options_chosen_do_both(modes_pool):
    g, _ = _cast(modes_pool, "TXT-001", ("TXT-004", "TXT-005"))
    hand, life = int(g.state[S.HAND_N]), int(g.state[S.LIFE])
    g.step(K.OPTION_BASE + 2)
    _drive(g, _resolved)
    assert (int(g.state[S.HAND_N]), int(g.state[S.LIFE])) == (hand + 1, life + 500)


@pytest.mark.parametrize("field, offered", [((), [0]), (("TXT-005",), [0, 1])])
def test_cr_903_2e_an_option_with_its_condition_is_offered_only_while_it_holds(modes_pool, field, offered):
    g, decision = _cast(modes_pool, "TXT-002", field)
    assert decision == K.Decision.CHOOSE_MODE
    assert _options(g) == offered


def test_choose_one_at_random_asks_nothing_and_does_one_option(modes_pool):
    seen = set()
    for seed in range(6):
        from tcg_env.games.force_of_will.scenario import Scenario

        sc = Scenario.main_phase(modes_pool, turn_player=0, seed=seed)
        sc.will(0, K.Attribute.FIRE)
        sc.put(0, "TXT-003", K.Zone.HAND)
        g = sc.game()
        hand, life = int(g.state[S.HAND_N]), int(g.state[S.LIFE])
        g.step(K.PLAY_HAND_BASE)
        from tcg_env.engine.header import H_DECISION

        assert int(g.state[H_DECISION]) != K.Decision.CHOOSE_MODE
        _drive(g, _resolved)
        got = (int(g.state[S.HAND_N]) - (hand - 1), int(g.state[S.LIFE]) - life)
        assert got in ((1, 0), (0, 700))
        seen.add(got)
    assert len(seen) == 2  # both options come up over a few seeds


@pytest.mark.parametrize("awaken, offered", [(False, [0, 1]), (True, [2])])
def test_cr_1109_2a_choose_both_instead_if_awakened_offers_the_pair_only_when_awakened(modes_pool, awaken, offered):
    """"Choose one. If this card was awakened, choose both instead;" (CR 903.2e, 1109.2a): played plainly, one option;
    awakened, both options and not one alone."""
    g, decision = _cast(modes_pool, "TXT-007", action=K.AWAKEN_HAND_BASE if awaken else K.PLAY_HAND_BASE)
    assert decision == K.Decision.CHOOSE_MODE
    assert _options(g) == offered


@pytest.mark.parametrize("field, playable", [((), False), (("TXT-005",), True)])
def test_cr_903_2g_a_card_none_of_whose_options_may_be_chosen_is_not_played(modes_pool, field, playable):
    """No addition in any field (the first option has no target, CR 903.2g) and the second option's condition not met:
    the chant is not offered; with a water resonator it is, and only the second option is."""
    from tcg_env.games.force_of_will.scenario import Scenario

    sc = Scenario.main_phase(modes_pool, turn_player=0, seed=3)
    sc.will(0, K.Attribute.FIRE, 2)
    sc.put(0, "TXT-008", K.Zone.HAND)
    sc.field(0, list(field))
    g = sc.game()
    assert (K.PLAY_HAND_BASE in g.legal_actions().tolist()) is playable
    if playable:
        g.step(K.PLAY_HAND_BASE)
        assert _options(g) == [1]
