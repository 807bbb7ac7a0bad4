"""Force of Will card text, session 29 (branch s29-fowref): back-references inside one ability. "Its controller loses N
life / gains N life / discards N cards [at random]" after a target (the target's controller, last known, CR 911.1;
nobody when the target is no longer legal, CR 903.3a: Per.TARGET_CONTROLLER, WHO_TARGET_CONTROLLER, Op.PLAYER_DISCARD);
"this card deals damage to target resonator equal to that resonator's ATK" (Per.TARGET_ATK right before the damage,
CR 1007.1); "Remove all <cards> in <whose> graveyard from the game" with "... for each <card> removed this way" / "where X
is the number of <cards> removed this way" (Op.REMOVE_GRAVE, Per.THIS_WAY, CR 1004.1; "target player's": one mode per
player). Lines are made up in the game's template language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import pytest

from tcg_env.cards.text import Verdict
from helpers import resolve_chant
from test_fow_card_text import _imported_pool, exact, line


def _chant(tmp_path, text, victim=(500, 500), own_victim=False, graves=((), ()), deck_top=(), hand=(), victim_text=(),
           own_field=()):
    """A made-up chant "{R}: <text>" played (its first target a made-up resonator of the opponent, or of its caster);
    ``graves``: the made-up cards put into each player's graveyard first. Returns (game, victim slot, chant slot)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Test", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": [text]}
    target = {"id": "TXT-002", "name": "Made-up Victim", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": victim[0], "DEF": victim[1], "abilities": list(victim_text)}
    stone = {"id": "TXT-003", "name": "Made-up Pebble", "type": ["Chant"], "cost": "{R}{1}", "colour": ["R"],
             "abilities": ["Draw a card."]}
    big = {"id": "TXT-004", "name": "Made-up Giant", "type": ["Resonator"], "cost": "{R}{2}", "colour": ["R"],
           "ATK": 900, "DEF": 900, "abilities": []}
    res, pool = _imported_pool(tmp_path, [chant, target, stone, big])
    assert all(r.verdict is Verdict.EXACT for r in res.text_records), [r.lines for r in res.text_records]
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    (slot,) = sc.field(0 if own_victim else 1, ["TXT-002"])
    for p in range(2):
        for cid in graves[p]:
            sc.put(p, cid, K.Zone.GRAVEYARD)
    for cid in deck_top:
        sc.put(0, cid, K.Zone.MAIN_DECK, top=True)
    sc.hand(0, list(hand))
    sc.field(0, list(own_field))
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, slot, card


# ---- "its controller" (CR 911.1, 903.3a) -------------------------------------------------------------------------
def test_cr_911_1_its_controller_is_read_before_the_move():
    r = exact("Destroy target resonator. Its controller loses 400 life.", "chant")
    assert r.fields["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}},
        {"op": "set_x", "per": {"count": "target_controller"}, "times": 1}, {"op": "destroy"},
        {"op": "lose_life", "amount": 400, "who": "target_controller"}]
    r = exact("Return target resonator to its owner's hand. Its controller discards a card.", "chant")
    assert r.fields["effect"][1:] == [{"op": "set_x", "per": {"count": "target_controller"}, "times": 1},
                                      {"op": "return_to_hand"}, {"op": "discard", "count": 1, "who": "target_controller"}]
    assert exact("Destroy target J/resonator. Its controller gains 1000 life.", "chant").fields["effect"][-1] == \
        {"op": "gain_life", "amount": 1000, "who": "target_controller"}
    # nobody selected before, or every card: no one controller
    assert line("Its controller loses 400 life.", "chant").verdict is Verdict.UNSUPPORTED
    assert line("Destroy all resonators. Its controller loses 400 life.", "chant").verdict is Verdict.UNSUPPORTED


@pytest.mark.parametrize("own", [False, True])
def test_cr_911_1_destroy_target_its_controller_loses_life_plays(tmp_path, own):
    # the destroyed resonator is in its owner's graveyard as the life is lost: its controller as it last was in the field
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, victim, card = _chant(tmp_path, "Destroy target resonator. Its controller loses 400 life.", own_victim=own)
    life = [int(g.state[S.LIFE + p]) for p in range(2)]
    resolve_chant(g, card)
    assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.GRAVEYARD
    loser = 0 if own else 1
    assert [int(g.state[S.LIFE + p]) for p in range(2)] == [v - 400 * (p == loser) for p, v in enumerate(life)]


def test_cr_1019_1_return_target_its_controller_discards_at_random_plays(tmp_path):
    # the returned resonator is in the opponent's hand; the opponent (its controller) discards one card at random
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, victim, card = _chant(tmp_path, "Return target resonator to its owner's hand. Its controller discards a card at "
                             "random.")
    hand1, grave1, hand0 = int(g.state[S.HAND_N + 1]), int(g.state[S.GRAVE_N + 1]), int(g.state[S.HAND_N])
    resolve_chant(g, card)
    assert int(g.state[S.ZONE + victim * S.CARD_W]) != K.Zone.FIELD
    assert int(g.state[S.HAND_N + 1]) == hand1  # +1 returned, -1 discarded
    assert int(g.state[S.GRAVE_N + 1]) == grave1 + 1
    assert int(g.state[S.HAND_N]) == hand0  # the caster discards nothing


# ---- damage equal to the target's ATK (CR 1007.1) ----------------------------------------------------------------
def test_cr_1007_1_damage_to_target_equal_to_that_resonators_atk_compiles():
    r = exact("This card deals damage to target resonator equal to that resonator's ATK.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["resonator"]}},
                                  {"op": "set_x", "per": {"count": "target_atk"}, "times": 1},
                                  {"op": "damage", "amount": "X00"}]
    # a chant has no ATK: "its" is the resonator dealt damage
    r = exact("Rest target resonator. If the weather is thunderstorm, this card deals damage to that resonator equal "
              "to its ATK.", "chant")
    assert r.fields["effect"][2:] == [{"op": "if", "condition": {"kind": "weather_is", "value": "thunderstorm"},
                                       "skip": 2}, {"op": "set_x", "per": {"count": "target_atk"}, "times": 1},
                                      {"op": "damage", "amount": "X00"}]


@pytest.mark.parametrize("atk, dfn, destroyed", [(600, 500, True), (300, 500, False)])
def test_cr_1007_1_damage_equal_to_that_resonators_atk_plays(tmp_path, atk, dfn, destroyed):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, victim, card = _chant(tmp_path, "This card deals damage to target resonator equal to that resonator's ATK.",
                             victim=(atk, dfn))
    resolve_chant(g, card)
    if destroyed:
        assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.GRAVEYARD
    else:
        assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.FIELD
        assert int(g.state[S.DAMAGE + victim * S.CARD_W]) == atk


# ---- "remove all <cards> in <graveyard> from the game", "removed this way" (CR 1004.1) ------------------------------
def test_cr_1004_1_remove_all_cards_in_a_graveyard_compiles():
    r = exact("Remove all cards in your opponent's graveyard from the game.", "chant")
    assert r.fields["effect"] == [{"op": "remove_grave", "filter": {"zone": "graveyard", "side": "opponent"}}]
    r = exact("Remove all cards in all graveyards from the game. This card deals X00 damage to your opponent, where X is "
              "the number of resonators removed this way.", "chant")
    assert r.fields["effect"] == [
        {"op": "remove_grave", "filter": {"zone": "graveyard"}, "count": {"type": ["resonator"], "zone": "graveyard"}},
        {"op": "set_x", "per": {"count": "this_way"}, "times": 1}, {"op": "damage_player", "amount": "X00",
                                                                    "who": "opponent"}]
    # "target player's graveyard": one mode per player (CR 903.2g: chosen as it is played)
    r = exact("Remove all cards in target player's graveyard from the game. This card deals 200 damage to your opponent "
              "for each resonator removed this way.", "chant")
    (op,) = r.fields["effect"]
    assert op["op"] == "select_mode"
    assert [m[0]["filter"]["side"] for m in op["modes"]] == ["opponent", "own"]
    assert op["modes"][0][1] == {"op": "set_x", "per": {"count": "this_way"}, "times": 2}
    # "removed this way" with no removal before it
    assert line("Draw a card. This card deals 100 damage to your opponent for each resonator removed this way.",
                "chant").verdict is Verdict.UNSUPPORTED


def test_cr_1004_1_remove_all_cards_in_opponents_graveyard_counts_resonators_removed_this_way(tmp_path):
    # the opponent's graveyard: two resonators and a chant removed (their owner's removed area); yours stays; 2 x 100
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    text = ("Remove all cards in your opponent's graveyard from the game. This card deals 100 damage to your opponent "
            "for each resonator removed this way.")
    g, _, card = _chant(tmp_path, text, graves=(["TXT-002"], ["TXT-002", "TXT-003", "TXT-002"]))
    life1 = int(g.state[S.LIFE + 1])
    resolve_chant(g, card)
    assert int(g.state[S.LIFE + 1]) == life1 - 200
    n1 = int(g.state[S.GRAVE_N + 1])
    r1 = sum(1 for slot in range(K.N_SLOTS) if int(g.state[S.ZONE + slot * S.CARD_W]) == K.Zone.REMOVED and
             int(g.state[S.OWNER + slot * S.CARD_W]) == 1)
    assert (n1, r1) == (0, 3)
    assert int(g.state[S.GRAVE_N]) == 2  # the caster's resonator and the resolved chant stay


# ---- "the total cost of the card(s) removed / discarded this way" (CR 203.5) ---------------------------------------
def test_cr_203_5_total_cost_of_the_cards_removed_or_discarded_this_way_compiles():
    r = exact("Remove the top three cards of your deck from the game. This card deals 100 damage multiplied by the combined "
              "total cost of the cards removed this way to your opponent.", "chant")
    assert r.fields["effect"] == [{"op": "mill", "count": 3, "to": "removed", "this_way": True},
                                  {"op": "set_x", "per": {"count": "this_way"}, "times": 1},
                                  {"op": "damage_player", "amount": "X00", "who": "opponent"}]
    r = exact("Discard a card. J/resonators you control gain [+X00/0] until end of turn, where X is the total cost of the "
              "card discarded this way.", "chant")
    assert r.fields["effect"][:2] == [{"op": "discard", "count": 1, "who": "controller", "this_way": True},
                                      {"op": "set_x", "per": {"count": "this_way"}, "times": 1}]
    # an opponent's discard, or one at random: not counted
    assert line("Your opponent discards a card. This card deals 100 damage multiplied by the total cost of the card "
                "discarded this way to your opponent.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_203_5_damage_multiplied_by_the_total_cost_of_the_cards_removed_this_way_plays(tmp_path):
    # the top three cards: two of total cost 3 and one of 1 (CR 203.5): 7 x 100 damage to the opponent
    from tcg_env.games.force_of_will import state as S

    g, _, card = _chant(tmp_path, "Remove the top three cards of your deck from the game. This card deals 100 damage "
                        "multiplied by the combined total cost of the cards removed this way to your opponent.",
                        deck_top=["TXT-002", "TXT-004", "TXT-004"])
    life1 = int(g.state[S.LIFE + 1])
    resolve_chant(g, card)
    assert int(g.state[S.LIFE + 1]) == life1 - 700


def test_cr_203_5_gain_x00_where_x_is_the_total_cost_of_the_card_discarded_this_way_plays(tmp_path):
    # the caster discards the made-up giant (total cost 3): its J/resonators gain [+300/0] until end of turn
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from fow_tables import current_values

    g, mine, card = _chant(tmp_path, "Discard a card. J/resonators you control gain [+X00/0] until end of turn, where X "
                           "is the total cost of the card discarded this way.", own_victim=True, hand=["TXT-004"])
    atk = current_values(g.state, g._T, mine)[0]
    for _ in range(12):
        if int(g.state[H_DECISION]) == K.Decision.DISCARD:
            g.step(K.SELECT_HAND_BASE)
        elif int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        else:
            g.step(K.PASS)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD
    assert current_values(g.state, g._T, mine)[0] == atk + 300


# ---- "if that resonator has [Flying], ... instead" (CR 1100s) ------------------------------------------------------
def test_if_that_resonator_has_flying_deals_more_instead_compiles():
    r = exact("This card deals 600 damage to target attacking resonator. If that resonator has [Flying] this card deals "
              "1200 damage instead.", "chant")
    assert r.fields["effect"][1:] == [{"op": "if_it", "filter": {"keyword": ["flying"]}, "skip": 1, "negated": True},
                                      {"op": "damage", "amount": 600},
                                      {"op": "if_it", "filter": {"keyword": ["flying"]}, "skip": 1},
                                      {"op": "damage", "amount": 1200}]


@pytest.mark.parametrize("flying, destroyed", [(True, True), (False, False)])
def test_if_that_resonator_has_flying_deals_more_instead_plays(tmp_path, flying, destroyed):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, victim, card = _chant(tmp_path, "This card deals 600 damage to target resonator. If that resonator has [Flying], "
                             "this card deals 1200 damage instead.", victim=(500, 1000),
                             victim_text=["[Flying]"] if flying else [])
    resolve_chant(g, card)
    assert (int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.GRAVEYARD) is destroyed
    if not destroyed:
        assert int(g.state[S.DAMAGE + victim * S.CARD_W]) == 600


# ---- "Reveal the top card of your deck. If its total cost is odd, ... Otherwise, ..." (CR 1005.1, 203.5) -----------
def test_cr_203_5_reveal_the_top_card_if_its_total_cost_is_odd_compiles():
    r = exact("Reveal the top card of your deck. If its total cost is odd, return target resonator to its owner's hand. "
              "Otherwise, draw a card.", "chant")
    assert r.fields["effect"] == [{"op": "choose", "filter": {"type": ["resonator"]}, "reg": 1}, {"op": "reveal_top"},
                                  {"op": "if_cost", "odd": True, "skip": 1}, {"op": "return_to_hand", "reg": 1},
                                  {"op": "if_cost", "odd": False, "skip": 1}, {"op": "draw", "count": 1}]


@pytest.mark.parametrize("top, returned", [("TXT-004", True), ("TXT-003", False)])
def test_cr_203_5_reveal_the_top_card_if_its_total_cost_is_odd_plays(tmp_path, top, returned):
    # total cost 3 (odd): the target returns to its owner's hand; 2 (even): the caster draws the revealed card instead
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, victim, card = _chant(tmp_path, "Reveal the top card of your deck. If its total cost is odd, return target "
                             "resonator to its owner's hand. Otherwise, draw a card.", deck_top=[top])
    hand0 = int(g.state[S.HAND_N])
    resolve_chant(g, card)
    assert (int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.HAND) is returned
    assert int(g.state[S.HAND_N]) == hand0 + (0 if returned else 1)
    assert int(g.state[S.REVEAL_N]) == 1  # shown to every player (CR 1005.1)


# ---- "<effect on target> if its total cost is less than or equal to the number of <cards>" (CR 203.5) ---------------
def test_cr_203_5_if_its_total_cost_is_at_most_the_number_of_cards_compiles():
    r = exact("Return target resonator to its owner's hand if its total cost is less than or equal to the number of "
              "resonators you control.", "chant")
    assert r.fields["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}},
        {"op": "set_x", "per": {"count": "field", "filter": {"type": ["resonator"], "side": "own"}}, "times": 1},
        {"op": "if_cost", "skip": 1, "at_most_x": True}, {"op": "return_to_hand"}]


@pytest.mark.parametrize("mine, returned", [([], False), (["TXT-004"], True)])
def test_cr_203_5_if_its_total_cost_is_at_most_the_number_of_cards_plays(tmp_path, mine, returned):
    # the target's total cost is 1: returned only while its caster controls one resonator or more (read as it resolves)
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    from tcg_env.engine.header import H_DECISION

    g, victim, card = _chant(tmp_path, "Return target resonator to its owner's hand if its total cost is less than or "
                             "equal to the number of resonators you control.", own_field=mine)
    for _ in range(12):  # the opponent's resonator targeted (the caster's own is a legal target too)
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            cands = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
            g.step(K.OPTION_BASE + cands.index(victim))
        else:
            g.step(K.PASS)
    assert (int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.HAND) is returned


# ---- "where X is the ATK of the destroyed resonator" (CR 911.1) ---------------------------------------------------
def test_cr_911_1_x_is_the_atk_of_the_destroyed_resonator_is_read_before_it_is_destroyed():
    r = exact("God's Art <Made-up Demon Cut> {R}{R}{4}: Destroy target resonator. This card gains [+X/+0] until end of "
              "turn, where X is the ATK of the destroyed resonator. Play God's Art <Made-up Demon Cut> only once per game.",
              "j_ruler", races=frozenset({"Demon"}))  # a race's word inside an angled name is no race
    assert r.abilities[0]["effect"] == [
        {"op": "choose", "filter": {"type": ["resonator"]}},
        {"op": "set_x", "per": {"count": "target_atk"}, "times": 1}, {"op": "destroy"},
        {"op": "target_self", "reg": 1},
        {"op": "power_x", "atk": 100, "defense": 0, "duration": "end_of_turn", "reg": 1}]


# ---- "At the beginning of each player's turn / main phase => That player ..." (CR 501, 502.1, 504.1) ----------------
def test_cr_501_that_player_after_each_players_turn_is_the_turn_player():
    r = exact("At the beginning of each player's main phase => That player loses 400 life.")
    assert r.abilities == [{"kind": "automatic", "trigger": "begin_main_phase",
                            "effect": [{"op": "lose_life", "amount": 400, "who": "turn_player"}]}]
    r = exact("At the beginning of each player's turn, that player banishes a resonator.")
    assert r.abilities[0]["trigger"] == "begin_draw_phase" and "trigger_whose" not in r.abilities[0]
    assert r.abilities[0]["effect"] == [{"op": "player_banish", "filter": {"type": ["resonator"], "side": "any"},
                                         "count": 1, "who": "turn_player"}]
    # no player named by the trigger
    assert line("At the beginning of your main phase => That player loses 400 life.").verdict is Verdict.UNSUPPORTED


def test_cr_504_1_each_players_main_phase_that_player_loses_life_plays(tmp_path):
    # the ability of player 0's resonator triggers in player 1's main phase too, and then player 1 loses the life
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    cards = [{"id": "TXT-001", "name": "Made-up Taxman", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
              "ATK": 500, "DEF": 500, "abilities": ["At the beginning of each player's main phase => That player loses 400 "
                                                   "life."]}]
    res, pool = _imported_pool(tmp_path, cards)
    assert all(r.verdict is Verdict.EXACT for r in res.text_records)
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.field(0, ["TXT-001"])
    g = sc.game()
    life = [int(g.state[S.LIFE + p]) for p in range(2)]
    for _ in range(40):
        if int(g.state[S.TURN_PLAYER]) == 1 and int(g.state[S.CHASE_N]) == 0 and \
                int(g.state[S.STEP]) == K.Step.MAIN and int(g.state[S.LIFE + 1]) != life[1]:
            break
        legal = g.legal_actions().tolist()
        g.step(K.PASS if K.PASS in legal else legal[0])
    assert [int(g.state[S.LIFE + p]) for p in range(2)] == [life[0], life[1] - 400]


# ---- "Target a resonator. Its controller banishes it." (CR 1011.2) --------------------------------------------------
def test_cr_1011_2_its_controller_banishes_it_compiles():
    r = exact("[Awakening] {2}: [Enter] => Target a resonator. Its controller banishes it.")
    assert r.fields["awakening"]["effect"] == [{"op": "choose", "filter": {"type": ["resonator"]}},
                                               {"op": "banish", "by": "its_controller"}]


def test_cr_1011_2_its_controller_banishes_the_opponents_resonator_plays(tmp_path):
    # the effect's controller could not banish it (CR 1011.2: only cards one controls); its controller does
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, victim, card = _chant(tmp_path, "Target a resonator. Its controller banishes it.")
    resolve_chant(g, card)
    assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.GRAVEYARD


# ---- "If you discarded a <card> this way" (CR 1019.1) ---------------------------------------------------------------
def test_cr_1019_1_if_you_discarded_a_card_this_way_compiles():
    r = exact("Draw three cards, then discard two cards. If you discarded a chant this way, produce {R}.", "chant")
    assert r.fields["effect"] == [{"op": "draw", "count": 3}, {"op": "discard", "count": 2, "who": "controller",
                                                               "record": True},
                                  {"op": "if_it", "filter": {"type": ["chant"], "zone": "graveyard"}, "skip": 1},
                                  {"op": "produce_will", "will": "fire"}]
    # at random: not recorded (the core's discard at random)
    assert line("Discard a card at random. If you discarded a chant this way, draw a card.", "chant").verdict \
        is Verdict.UNSUPPORTED


@pytest.mark.parametrize("discard, drawn", [("TXT-004", True), ("TXT-003", False)])
def test_cr_1019_1_if_you_discarded_a_resonator_this_way_plays(tmp_path, discard, drawn):
    # the caster discards the giant (a resonator: the draw follows) or the pebble (a chant: nothing)
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, _, card = _chant(tmp_path, "Discard a card. If you discarded a resonator this way, draw two cards.",
                        hand=[discard])
    hand0 = int(g.state[S.HAND_N])  # the chant is on the chase: the one card left
    for _ in range(12):
        if int(g.state[H_DECISION]) == K.Decision.DISCARD:
            g.step(K.SELECT_HAND_BASE)
        elif int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        else:
            g.step(K.PASS)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.HAND_N]) == hand0 - 1 + (2 if drawn else 0)


def test_then_if_condition_is_an_if_sentence_after_the_one_before():
    r = exact('Draw two cards. Then if your J/ruler is "Made-up Girl", you gain 100 life for each card in your hand.',
              "chant")
    assert r.fields["effect"] == [{"op": "draw", "count": 2},
                                  {"op": "if", "condition": {"kind": "ruler_named", "value": "Made-up Girl"}, "skip": 2},
                                  {"op": "set_x", "per": {"count": "hand"}, "times": 1},
                                  {"op": "gain_life", "amount": "X00"}]
    assert exact("Draw a card. Then, if you control a resonator, draw a card.", "chant").fields["effect"][1]["op"] == "if"
