"""Force of Will card text, session 29 (branch s29-fowmisc): gems without a printed attribute ("Gain a gem of any
attribute", CR 1027.1a: the attribute chosen as it resolves; "[you may] banish a gem", "your opponent banishes a gem":
the banishing player chooses which of their gems), lists of gems, "for each different attribute among all gems you
control", "[Force] N ... where X is the result of the roll" (CR 1023.1: dice from the game's random stream). Lines are
made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from tcg_env.games.force_of_will import constants as K
from tcg_env.games.force_of_will import state as S
from test_fow_card_text import _imported_pool, exact, line


# ---- gems: compiling ---------------------------------------------------------------------------------------------------
def test_cr_1027_1a_gain_a_gem_of_any_attribute_compiles_to_gain_gem_any():
    r = exact("[Enter] => Gain a gem of any attribute. Draw a card.")
    assert r.abilities[0]["effect"] == [{"op": "gain_gem", "attribute": "any"}, {"op": "draw", "count": 1}]
    r = exact("[Enter] => Gain two gems of any attribute.")
    assert r.abilities[0]["effect"] == [{"op": "gain_gem", "attribute": "any", "count": 2}]


def test_cr_1027_1_a_list_of_gems_is_one_gain_gem_each():
    r = exact("[Enter] => Gain a water gem and a wind gem.")
    assert r.abilities[0]["effect"] == [{"op": "gain_gem", "attribute": "water"}, {"op": "gain_gem", "attribute": "wind"}]
    r = exact("[Enter] => Gain a light gem, fire gem, darkness gem.")
    assert [op["attribute"] for op in r.abilities[0]["effect"]] == ["light", "fire", "darkness"]


def test_cr_1011_banish_a_gem_without_an_attribute_compiles():
    r = exact("[Enter] => You may banish a gem. If you do, draw a card.")
    assert r.abilities[0]["optional"] and r.abilities[0]["effect"] == [
        {"op": "banish_gem", "attribute": "any"}, {"op": "if_done", "rows": 1}, {"op": "draw", "count": 1}]
    r = exact("[Enter] => Banish a gem. If you don't, banish this card.")
    assert r.abilities[0]["effect"] == [{"op": "banish_gem", "attribute": "any"}, {"op": "if_done", "rows": 2, "done": False},
                                        {"op": "target_self"}, {"op": "banish"}]
    r = exact("Destroy target resonator. Your opponent banishes a gem.", "chant")
    assert r.fields["effect"][-1] == {"op": "banish_gem", "attribute": "any", "who": "opponent"}


def test_cr_313_1_for_each_different_attribute_among_gems_is_a_count():
    r = exact("Gain a gem of any attribute. Then target resonator gains [+200/+200] for each different attribute among "
              "all gems you control until end of turn.", "chant")
    assert r.fields["effect"][2:] == [{"op": "set_x", "per": {"count": "gem_attributes"}, "times": 1},
                                      {"op": "power_x", "atk": 200, "defense": 200, "duration": "end_of_turn"}]
    r = exact("This card gains [+100/+100] for each different attribute among all gems you control.")
    assert r.abilities[0]["effect"][0]["per"] == {"count": "gem_attributes"}


def test_that_resonator_at_a_sentence_start_is_the_last_selection():
    r = exact("Target resonator gains [0/+200] until end of turn. That resonator gains [Flying] until end of turn.", "chant")
    assert [op["op"] for op in r.fields["effect"]] == ["choose", "power", "grant_keyword"]


# ---- gems: the engine ----------------------------------------------------------------------------------------------------
def _gem_game(tmp_path, texts, gems=(), opp_gems=()):
    """Made-up resonators of ``texts`` ({R}); the first is played from the hand with ``gems`` ((attribute, n) pairs) in
    its controller's item area; returns the game stepped to the first decision that is not priority, a "you may" or a
    pass, and the played card's slot."""
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": f"TXT-00{i + 1}", "name": f"Made-up Gem {i + 1}", "type": ["Resonator"], "cost": "{R}",
              "colour": ["R"], "ATK": 500, "DEF": 500, "abilities": [t]} for i, t in enumerate(texts)]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.lines for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    sc.field(0, [c["id"] for c in cards[1:]])
    for a, n in gems:
        sc.row[S.GEMS + a] = n
    for a, n in opp_gems:
        sc.row[S.GEMS + K.N_ATTRIBUTES + a] = n
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, card


def _until_choice(g):
    from tcg_env.engine.header import H_DECISION

    for _ in range(20):
        d = int(g.state[H_DECISION])
        if d == K.Decision.OPTIONAL:
            g.step(K.OPTION_BASE)
        elif d == K.Decision.CHOOSE_MODE or (d == K.Decision.PRIORITY and int(g.state[S.CHASE_N]) == 0):
            return d
        else:
            g.step(K.PASS)
    raise AssertionError("no decision")


def _gems(g, p=0):
    return [int(g.state[S.GEMS + p * K.N_ATTRIBUTES + a]) for a in range(K.N_ATTRIBUTES)]


def test_cr_1027_1a_the_controller_chooses_each_gems_attribute_as_it_resolves(tmp_path):
    g, _ = _gem_game(tmp_path, ["[Enter] => Gain two gems of any attribute."])
    assert _until_choice(g) == K.Decision.CHOOSE_MODE
    # any of the five attributes, never none (CR 1027.1a)
    assert sorted(g.legal_actions().tolist()) == [K.OPTION_BASE + k for k in range(K.N_ATTRIBUTES)]
    assert g.describe_action(K.OPTION_BASE + K.Attribute.WATER).startswith("Choose a water gem")
    g.step(K.OPTION_BASE + K.Attribute.WATER)
    assert _until_choice(g) == K.Decision.CHOOSE_MODE  # the second gem
    g.step(K.OPTION_BASE + K.Attribute.DARKNESS)
    assert _until_choice(g) == K.Decision.PRIORITY
    assert _gems(g) == [0, 0, 1, 0, 1]


def test_cr_1027_1_whenever_you_gain_a_gem_triggers_for_a_gem_of_any_attribute(tmp_path):
    from fow_tables import current_values

    g, _ = _gem_game(tmp_path, ["[Enter] => Gain a gem of any attribute.",
                                "Whenever you gain a gem => This card gains [+100/+100] until end of turn."])
    _until_choice(g)
    g.step(K.OPTION_BASE + K.Attribute.WIND)
    assert _until_choice(g) == K.Decision.PRIORITY
    watcher = [sl for sl in range(S.N_SLOTS) if int(g.state[S.ZONE + sl * S.CARD_W]) == K.Zone.FIELD
               and int(g.state[S.CARD + sl * S.CARD_W]) >= 0 and current_values(g.state, g._T, sl)[0] == 600]
    assert watcher and _gems(g) == [0, 0, 0, 1, 0]


def test_cr_1011_banish_a_gem_asks_which_only_among_the_attributes_held(tmp_path):
    g, _ = _gem_game(tmp_path, ["[Enter] => You may banish a gem. If you do, draw a card."],
                     gems=[(K.Attribute.LIGHT, 1), (K.Attribute.WIND, 2)])
    hand = int(g.state[S.HAND_N])
    assert _until_choice(g) == K.Decision.CHOOSE_MODE
    assert sorted(g.legal_actions().tolist()) == [K.OPTION_BASE + K.Attribute.LIGHT, K.OPTION_BASE + K.Attribute.WIND]
    g.step(K.OPTION_BASE + K.Attribute.WIND)
    assert _until_choice(g) == K.Decision.PRIORITY
    assert _gems(g) == [1, 0, 0, 1, 0] and int(g.state[S.HAND_N]) == hand + 1


@pytest.mark.parametrize("gems, left, banished_self", [([(K.Attribute.FIRE, 1)], [0] * 5, False),
                                                       ([], [0] * 5, True)])
def test_cr_104_2_banish_a_gem_if_you_dont_reads_whether_one_was_banished(tmp_path, gems, left, banished_self):
    # one attribute only: no choice to ask; none: not done, so "If you don't, banish this card."
    g, card = _gem_game(tmp_path, ["[Enter] => Banish a gem. If you don't, banish this card."], gems=gems)
    assert _until_choice(g) == K.Decision.PRIORITY
    assert _gems(g) == left
    assert (int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD) == banished_self


def test_cr_1011_2_your_opponent_banishes_their_own_gem(tmp_path):
    g, _ = _gem_game(tmp_path, ["[Enter] => Your opponent banishes a gem."], gems=[(K.Attribute.LIGHT, 1)],
                     opp_gems=[(K.Attribute.FIRE, 1), (K.Attribute.WATER, 1)])
    assert _until_choice(g) == K.Decision.CHOOSE_MODE
    from tcg_env.engine.header import H_DECIDER

    assert int(g.state[H_DECIDER]) == 1  # the opponent chooses among their own gems
    g.step(K.OPTION_BASE + K.Attribute.WATER)
    assert _until_choice(g) == K.Decision.PRIORITY
    assert _gems(g, 1) == [0, 1, 0, 0, 0] and _gems(g, 0) == [1, 0, 0, 0, 0]


def test_cr_313_1_gem_attributes_count_distinct_attributes(tmp_path):
    from fow_tables import current_values

    g, card = _gem_game(tmp_path, ["This card gains [+100/+100] for each different attribute among all gems you control."],
                        gems=[(K.Attribute.LIGHT, 3), (K.Attribute.WIND, 1)])
    _until_choice(g)
    assert current_values(g.state, g._T, card)[0] == 700  # two attributes, not four gems


# ---- [Force] (CR 1023.1) -----------------------------------------------------------------------------------------------
def test_cr_1023_1_force_result_of_the_roll_is_a_set_x_of_a_roll():
    r = exact("[Force] 1 (Roll a die.) Target J/resonator gains [+X00/+X00] until end of turn, where X is the result of "
              "the roll.", "chant")
    assert r.fields["effect"][1] == {"op": "set_x", "per": {"count": "force_roll", "dice": 1}, "times": 1}
    r = exact("When this card enters your field => [Force] 2 (Roll a die.) You gain 100 life multiplied by the result "
              "of the roll.")
    assert r.abilities[0]["effect"] == [{"op": "set_x", "per": {"count": "force_roll", "dice": 2}, "times": 1},
                                        {"op": "gain_life", "amount": "X00"}]
    # a roll is no count of a continuous ability
    assert line("This card gains [+100/+100] for each force_dice 1.").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("dice", [1, 2])
def test_cr_1023_1a_force_rolls_six_sided_dice_added_together(tmp_path, dice):
    seen = set()
    for seed in range(12):
        from tcg_env.games.force_of_will.scenario import Scenario

        cards = [{"id": "TXT-001", "name": "Made-up Roller", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
                  "ATK": 500, "DEF": 500, "abilities": [
                      f"When this card enters your field => [Force] {dice} (Roll a die.) You gain 100 life multiplied "
                      "by the result of the roll."]}]
        res, pool = _imported_pool(tmp_path, cards)
        sc = Scenario.main_phase(pool, turn_player=0, seed=seed)
        sc.will(0, K.Attribute.FIRE)
        sc.hand(0, ["TXT-001"])
        g = sc.game()
        life = int(g.state[S.LIFE])
        g.step(K.PLAY_HAND_BASE)
        _until_choice(g)
        gained = (int(g.state[S.LIFE]) - life) // 100
        assert dice <= gained <= 6 * dice
        seen.add(gained)
    assert len(seen) > 2  # random, not one fixed value


# ---- delayed abilities made by an activate or automatic ability (CR 906.8) -----------------------------------------------
def test_cr_906_8_a_resonators_ability_may_make_a_delayed_ability():
    r = exact("{1}: This card gains [+200/0] until end of turn. At the end of turn, banish it.")
    assert r.abilities[0]["effect"] == [{"op": "target_self"},
                                        {"op": "power", "atk": 200, "defense": 0, "duration": "end_of_turn"},
                                        {"op": "delayed", "effect": [{"op": "target_trigger"}, {"op": "banish"}], "it": True}]
    r = exact("Whenever this card attacks => At the next end of turn => Destroy it.")
    assert r.abilities[0]["effect"][-1] == {"op": "delayed", "effect": [{"op": "target_trigger"}, {"op": "destroy"}],
                                            "it": True}
    # the line's own "At the end of turn, ..." is its trigger, not a delayed ability
    assert exact("At the end of turn, draw a card.").abilities[0]["trigger"] == "end_of_turn"
    # a continuous ability makes none
    assert line("[Continuous]: This card gains [+200/0]. At the end of turn, destroy it.").verdict is Verdict.UNSUPPORTED


def test_cr_906_8_an_enter_abilitys_delayed_ability_destroys_the_target_at_the_next_end_of_turn(tmp_path):
    from test_fow_card_text import _drive
    from test_fow_card_text_s23b import _all_exact, _resolved
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-001", "name": "Made-up Herald", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 500, "DEF": 500, "abilities": [
                  "[Enter] => Target resonator you control gains [+500/+0] until end of turn. At the next end of turn => "
                  "Destroy that resonator."]},
             {"id": "TXT-002", "name": "Made-up Squire", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 500, "DEF": 500, "abilities": []}]
    res, pool = _imported_pool(tmp_path, cards)
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (herald,) = sc.hand(0, ["TXT-001"])
    (squire,) = sc.field(0, ["TXT-002"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    from tcg_env.engine.header import H_DECISION

    for _ in range(20):  # the resonator resolves, its [Enter] ability targets the squire
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            g.step(K.OPTION_BASE + [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))].index(squire))
        elif _resolved(g) and int(g.state[S.ZONE + herald * S.CARD_W]) == K.Zone.FIELD and int(g.state[S.SHIELD_N]):
            break
        else:
            g.step(K.PASS)
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == K.Zone.FIELD and int(g.state[S.SHIELD_N]) == 1
    _drive(g, lambda g: int(g.state[S.ZONE + squire * S.CARD_W]) != K.Zone.FIELD or int(g.state[S.TURN_PLAYER]) != 0)
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == K.Zone.GRAVEYARD  # at the end of this turn (CR 505.3)
    assert int(g.state[S.ZONE + herald * S.CARD_W]) == K.Zone.FIELD and int(g.state[S.SHIELD_N]) == 0


# ---- "up to one second target <card> if this card was awakened" (CR 1109.2a, 903.2g) ------------------------------------
def test_cr_1109_2a_a_second_target_only_if_awakened_compiles_to_an_if_awakened_choose():
    r = exact("Rest target resonator. Rest up to one second target resonator if this card was awakened.", "chant")
    assert r.fields["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}},
        {"op": "choose", "filter": {"type": ["resonator"]}, "reg": 1, "up_to": True, "if_awakened": True},
        {"op": "rest"}, {"op": "if", "condition": {"kind": "awakened", "value": 1}, "skip": 1}, {"op": "rest", "reg": 1}]
    r = exact("Put target chant from your graveyard into your hand. If this card was awakened, put up to one second "
              "target chant from your graveyard into your hand.", "chant")
    assert r.fields["effect"][1]["if_awakened"]
    # a target that must be chosen only if awakened stays unsupported
    assert line("Rest target resonator. If this card was awakened, rest target addition.", "chant").verdict \
        is Verdict.UNSUPPORTED


@pytest.mark.parametrize("awaken", [False, True])
def test_cr_1109_2a_the_second_target_is_offered_only_when_played_awakened(tmp_path, awaken):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text_s24b import _card

    cards = [_card("TXT-001", "Made-up Double Nap", "Chant", [
                 "Rest target resonator. Rest up to one second target resonator if this card was awakened.",
                 "[Awakening] {R}"]),
             _card("TXT-002", "Made-up Knight", "Resonator", []), _card("TXT-003", "Made-up Squire", "Resonator", [])]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (chant,) = sc.hand(0, ["TXT-001"])
    knight, squire = sc.field(1, ["TXT-002", "TXT-003"])
    sc.will(0, K.Attribute.FIRE, 3)
    g = sc.game()
    g.step(K.AWAKEN_HAND_BASE if awaken else K.PLAY_HAND_BASE)
    asked = 0
    for _ in range(12):
        if int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            asked += 1
            g.step([a for a in g.legal_actions().tolist() if K.OPTION_BASE <= a < K.OPTION_BASE + K.OPTION_SLOTS][0])
        else:
            g.step(K.PASS)
    assert asked == (2 if awaken else 1)
    rested = [int(g.state[S.RESTED + c * S.CARD_W]) for c in (knight, squire)]
    assert sorted(rested) == ([1, 1] if awaken else [0, 1])


def test_cr_313_1_three_or_more_different_attributes_among_gems_is_a_condition(tmp_path):
    from fow_tables import current_values

    text = "This card gains [+400/+400] as long as there are three or more different attributes among all gems you control."
    assert exact(text).abilities[0]["condition"] == {"kind": "gem_attributes_at_least", "value": 3}
    for gems, atk in (([(K.Attribute.LIGHT, 2), (K.Attribute.FIRE, 1)], 500),
                      ([(K.Attribute.LIGHT, 1), (K.Attribute.FIRE, 1), (K.Attribute.DARKNESS, 1)], 900)):
        g, card = _gem_game(tmp_path, [text], gems=gems)
        _until_choice(g)
        assert current_values(g.state, g._T, card)[0] == atk


def test_cr_1011_2_its_controller_banishes_it_in_a_delayed_ability():
    r = exact("{1}: This card gains [+200/0] until end of turn. At the next end of turn => Its controller banishes it.")
    assert r.abilities[0]["effect"][-1] == {"op": "delayed", "it": True, "effect": [
        {"op": "target_trigger"}, {"op": "banish", "by": "its_controller"}]}


# ---- "banish N [<attribute>] gems: <effect>" (a cost: CR 903.2j, 1011, 313.1) --------------------------------------------
def test_cr_903_2j_banish_gems_as_a_cost_compiles():
    r = exact("Banish a gem: This card gains [Flying] until end of turn.")
    assert r.abilities[0]["cost"] == {"gems": 1}
    r = exact("{Rest}, banish a light gem: Draw a card.")
    assert r.abilities[0]["cost"] == {"rest": True, "gems": 1, "gem_attribute": "light"}
    # not a will ability's (a choice as it is paid), nor an effect's "banish a gem" at a line's start
    assert line("{Rest}, banish a gem: Produce {R}.").verdict is Verdict.UNSUPPORTED
    assert exact("[Enter] => Banish a gem. If you don't, banish this card.").abilities[0]["effect"][0]["op"] == "banish_gem"


def _gem_cost_game(tmp_path, text, gems):
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text_s23b import _field_pos

    cards = [{"id": "TXT-001", "name": "Made-up Gem Eater", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 500, "DEF": 500, "abilities": [text]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (card,) = sc.field(0, ["TXT-001"])
    for a, n in gems:
        sc.row[S.GEMS + a] = n
    g = sc.game()
    return g, card, K.ACTIVATE_BASE + _field_pos(g, card) * K.ABILITIES_PER_CARD


def test_cr_903_2j_a_gem_cost_is_offered_only_with_the_gems_and_paid_as_played(tmp_path):
    text = "{Rest}, banish a light gem: Draw a card."
    g, _, act = _gem_cost_game(tmp_path, text, [(K.Attribute.FIRE, 2)])
    assert act not in g.legal_actions().tolist()  # no light gem
    g, _, act = _gem_cost_game(tmp_path, text, [(K.Attribute.LIGHT, 1), (K.Attribute.FIRE, 1)])
    assert act in g.legal_actions().tolist()
    g.step(act)
    assert _gems(g) == [0, 1, 0, 0, 0]  # paid as it is played, before it resolves
    assert int(g.state[S.CHASE_N]) == 1


def test_cr_903_2j_banish_two_gems_of_any_attributes_asks_which_as_the_cost_is_paid(tmp_path):
    text = "Banish two gems: This card gains [+400/0] until end of turn."
    g, _, act = _gem_cost_game(tmp_path, text, [(K.Attribute.WATER, 1)])
    assert act not in g.legal_actions().tolist()  # one gem: the cost cannot be paid in full
    g, card, act = _gem_cost_game(tmp_path, text, [(K.Attribute.WATER, 1), (K.Attribute.WIND, 1), (K.Attribute.LIGHT, 1)])
    g.step(act)
    from tcg_env.engine.header import H_DECISION

    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE and int(g.state[S.CHASE_N]) == 0
    assert sorted(g.legal_actions().tolist()) == [K.OPTION_BASE + a for a in (K.Attribute.LIGHT, K.Attribute.WATER,
                                                                              K.Attribute.WIND)]
    g.step(K.OPTION_BASE + K.Attribute.WIND)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE  # the second gem
    g.step(K.OPTION_BASE + K.Attribute.LIGHT)
    assert _gems(g) == [0, 0, 1, 0, 0] and int(g.state[S.CHASE_N]) == 1  # paid, then on the chase


# ---- J/rulers: "Rest a recovered J/ruler you control. If you do, ...", "whenever a J/ruler you control is recovered" ----
def _ruler_game(tmp_path, chant, watcher=None, ruler_rested=False):
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text_s24b import _card

    cards = [_card("TXT-001", "Made-up Royal Order", "Chant", [chant])]
    if watcher:
        cards.append(_card("TXT-002", "Made-up Courtier", "Resonator", [watcher], ATK=500, DEF=500))
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (card,) = sc.hand(0, ["TXT-001"])
    others = sc.field(0, ["TXT-002"]) if watcher else []
    (ruler,) = sc.zone(0, K.Zone.RULER_AREA)
    sc.row[S.RESTED + int(ruler) * S.CARD_W] = int(ruler_rested)
    sc.will(0, K.Attribute.FIRE, 2)
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    for _ in range(12):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD and int(g.state[S.CHASE_N]) == 0:
            break
        g.step(K.PASS)
    return g, int(ruler), others


@pytest.mark.parametrize("rested, drawn", [(False, 1), (True, 0)])
def test_cr_1013_rest_a_recovered_j_ruler_you_control_if_you_do(tmp_path, rested, drawn):
    r = exact("Rest a recovered J/ruler you control. If you do, draw a card.", "chant")
    assert r.fields["effect"] == [{"op": "rest_j_ruler"}, {"op": "if_done", "rows": 1}, {"op": "draw", "count": 1}]
    hand = None
    g, ruler, _ = _ruler_game(tmp_path, "Rest a recovered J/ruler you control. If you do, draw a card.", ruler_rested=rested)
    hand = int(g.state[S.HAND_N])
    assert int(g.state[S.RESTED + ruler * S.CARD_W]) == 1
    assert hand == drawn  # the chant left the hand: only the card drawn is there


@pytest.mark.parametrize("rested, atk", [(True, 800), (False, 500)])
def test_cr_1013_whenever_a_j_ruler_you_control_is_recovered(tmp_path, rested, atk):
    from fow_tables import current_values

    watcher = "Whenever a J/ruler you control is recovered => This card gains [+300/0] until end of turn."
    assert exact(watcher).abilities[0]["trigger"] == "j_ruler_recovered"
    g, ruler, (courtier,) = _ruler_game(tmp_path, "Recover your ruler.", watcher, ruler_rested=rested)
    for _ in range(6):  # the triggered ability is played and resolves
        if int(g.state[S.CHASE_N]) == 0 and int(g.state[S.PT_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.RESTED + ruler * S.CARD_W]) == 0
    assert current_values(g.state, g._T, courtier)[0] == atk  # only a rested J/ruler "is recovered"


def test_cr_1027_1a_gems_of_any_one_attribute_are_one_choice(tmp_path):
    assert exact("[Enter] => Gain two gems of any one attribute.").abilities[0]["effect"] == [
        {"op": "gain_gem", "attribute": "any", "count": 2, "same": True}]
    g, _ = _gem_game(tmp_path, ["[Enter] => Gain two gems of any one attribute."])
    assert _until_choice(g) == K.Decision.CHOOSE_MODE
    g.step(K.OPTION_BASE + K.Attribute.FIRE)
    assert _until_choice(g) == K.Decision.PRIORITY  # asked once
    assert _gems(g) == [0, 2, 0, 0, 0]


def test_cr_903_2j_five_cards_rested_as_a_cost():
    (ab,) = exact("Rest five recovered resonators you control: Draw a card.").abilities
    assert ab["cost"] == {"pay_chosen": "rest"} and ab["effect"][0]["count"] == 5


# ---- "Remove it from the game. At the next end of turn => Put it into the field under its owner's control." ----------
def test_cr_906_8_a_removed_card_returns_at_the_next_end_of_turn(tmp_path):
    """CR 906.8 / 307.7: the chant removes the resonator (its opponent's); the delayed ability is about it in the removed
    area and, at the end of turn (CR 505.3), puts it into the field under its owner's control."""
    from test_fow_card_text import _drive
    from test_fow_card_text_s23b import _all_exact, _resolved
    from test_fow_card_text_s24b import _card
    from tcg_env.games.force_of_will.scenario import Scenario

    text = "Remove target resonator from the game. At the next end of turn => Put it into the field under its owner's control."
    assert exact(text, "chant").fields["effect"][-1] == {"op": "delayed", "it": True, "removed": True, "effect": [
        {"op": "target_trigger", "removed": True}, {"op": "removed_to_field"}]}
    assert line("Destroy target resonator. At the next end of turn => Put it into the field under its owner's control.",
                "chant").verdict is Verdict.UNSUPPORTED
    res, pool = _imported_pool(tmp_path, [_card("TXT-001", "Made-up Blink", "Chant", [text]),
                                          _card("TXT-002", "Made-up Squire", "Resonator", [])])
    _all_exact(res)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    sc.hand(0, ["TXT-001"])
    (squire,) = sc.field(1, ["TXT-002"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    _drive(g, _resolved)
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == K.Zone.REMOVED and int(g.state[S.SHIELD_N]) == 1
    _drive(g, lambda g: int(g.state[S.ZONE + squire * S.CARD_W]) != K.Zone.REMOVED or int(g.state[S.TURN_PLAYER]) != 0)
    assert int(g.state[S.ZONE + squire * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.CONTROLLER + squire * S.CARD_W]) == 1  # its owner's
    assert int(g.state[S.TURN_PLAYER]) == 0 and int(g.state[S.SHIELD_N]) == 0


def test_each_of_up_to_two_target_resonators_and_two_races_in_the_plural():
    r = exact("Put a [+100/+100] counter on each of up to two target resonators.", "chant")
    assert r.fields["effect"][0] == {"op": "choose", "filter": {"type": ["resonator"]}, "count": 2, "up_to": True}
    r = exact("Fairy Tale and Human J/resonators you control gain [+200/+200] until end of turn.", "chant",
              races=frozenset({"Fairy Tale", "Human"}))
    # the J/resonators of either race (CR 201.2: each a race of the card), as "a Fairy Tale or Human J/resonator"
    assert r.fields["effect"][0]["filter"] == {"race": "Fairy Tale", "race_or": "Human", "type": ["j_resonator"],
                                               "side": "own"}


# ---- gems as an [Awakening] cost or a chant's additional cost (CR 1109.2, 903.2j) -----------------------------------------
def _chant_gem_game(tmp_path, lines, gems):
    from tcg_env.games.force_of_will.scenario import Scenario
    from test_fow_card_text_s24b import _card

    res, pool = _imported_pool(tmp_path, [_card("TXT-001", "Made-up Gem Verse", "Chant", lines)])
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [[x.reason for x in r.lines] for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    (chant,) = sc.hand(0, ["TXT-001"])
    sc.will(0, K.Attribute.FIRE, 1)
    for a, n in gems:
        sc.row[S.GEMS + a] = n
    return sc.game(), chant


def test_cr_1109_2_an_awakening_cost_of_a_gem_is_offered_with_a_gem_and_chosen_as_paid(tmp_path):
    from tcg_env.engine.header import H_DECISION

    assert exact("[Awakening] Banish a gem.", "chant").fields["awakening"] == {"cost": "", "gems": 1, "effect": []}
    lines = ["Draw a card. If this card was awakened, draw a card.", "[Awakening] Banish a gem."]
    g, _ = _chant_gem_game(tmp_path, lines, [])
    assert K.AWAKEN_HAND_BASE not in g.legal_actions().tolist() and K.PLAY_HAND_BASE in g.legal_actions().tolist()
    g, chant = _chant_gem_game(tmp_path, lines, [(K.Attribute.LIGHT, 1), (K.Attribute.WIND, 1)])
    g.step(K.AWAKEN_HAND_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE and int(g.state[S.CHASE_N]) == 0
    g.step(K.OPTION_BASE + K.Attribute.LIGHT)
    assert int(g.state[S.CHASE_N]) == 1 and _gems(g) == [0, 0, 0, 1, 0]
    for _ in range(6):
        if int(g.state[S.ZONE + chant * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    assert int(g.state[S.HAND_N]) == 2  # awakened: two cards drawn


def test_cr_903_2j_banish_two_gems_as_an_additional_cost(tmp_path):
    assert exact("As an additional cost to play this card, banish two gems.", "chant").fields == {"play_cost": {"gems": 2}}
    lines = ["Draw a card.", "As an additional cost to play this card, banish two gems."]
    g, _ = _chant_gem_game(tmp_path, lines, [(K.Attribute.FIRE, 1)])
    assert K.PLAY_HAND_BASE not in g.legal_actions().tolist()  # one gem: not playable
    g, _ = _chant_gem_game(tmp_path, lines, [(K.Attribute.FIRE, 2)])
    g.step(K.PLAY_HAND_BASE)  # one attribute: no choice
    assert int(g.state[S.CHASE_N]) == 1 and _gems(g) == [0, 0, 0, 0, 0]
