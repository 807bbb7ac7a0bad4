"""Force of Will card text, session 10 pieces: looking at (or revealing) the top cards of the deck and
taking one of them; "at the beginning of your turn"; "Choose one" modal texts. Lines are made up in the game's template language. Rule numbers: CR 8.01
(``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np

from tcg_env.cards.text import Verdict
from test_fow_card_text import _imported_pool, exact, line

_FIRE = "FOW1-079"  # a fire magic stone of the starter pool


# ---- "look at the top N cards" (SEARCH over the top N, constants.SEARCH_*) -------------------------
def test_cr_1014_2_look_at_the_top_cards_and_take_one_compiles_to_a_search_of_the_top():
    r = exact("Look at the top two cards of your deck. Put a card from among them into your hand and the rest "
              "into your graveyard.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"zone": "main_deck"}, "top": 2, "rest": "graveyard",
                                   "must": True}]
    # a card with specific information chosen among cards only its chooser sees may be not found (CR 1014.2)
    r = exact("[Enter] => Look at the top five cards of your deck. You may put a resonator with total cost 5 or "
              "less from among them into the field. Put the rest on the bottom of your deck in a random order.")
    assert r.abilities[0]["effect"][0] | {"must": True} == {
        "op": "search", "filter": {"type": ["resonator"], "cost_max": 5, "zone": "main_deck"}, "top": 5,
        "rest": "bottom", "must": True, "to": "field"}
    assert r.abilities[0]["effect"][0]["must"] is False
    r = exact("Look at the top three cards of your deck. Put a water card from among them into your hand. Put the rest "
              "into your graveyard.", "chant")
    assert r.fields["effect"][0]["must"] is False and r.fields["effect"][0]["rest"] == "graveyard"
    # left on top in their order, which copy of a card is taken would matter: not compiled
    assert line("Look at the top three cards of your deck. Put a water card from among them into your hand.",
                "chant").verdict is Verdict.UNSUPPORTED
    # revealed cards are chosen as from a public zone (CR 1005.1, 1014.1), and shown (engine.reveals)
    r = exact("Reveal the top four cards of your deck. Put a chant from among them into your hand and the rest on "
              "the bottom of your deck in any order.", "chant")  # (exact since session 16: the player orders them)
    assert r.fields["effect"][0]["rest"] == "bottom_any"
    assert r.fields["effect"][0]["must"] is True and r.fields["effect"][0]["reveal"] == "top"
    r = exact("[Enter] => Reveal the top card of your deck. If it's a resonator, put it into the field.")
    assert r.abilities[0]["effect"][0]["top"] == 1 and r.abilities[0]["effect"][0]["rest"] == "top"
    assert line("[Enter] => Look at the top four cards of your deck. You may put a card from among them into the "
                "field. Put the rest on the bottom of your deck in a random order.").verdict is Verdict.UNSUPPORTED


def test_cr_1034_1_look_at_the_top_card_and_maybe_put_it_on_the_bottom_is_foresee_1():
    r = exact("{Rest}: Look at the top card of your deck. You may put it on the bottom of your deck.")
    assert r.abilities[0]["effect"] == [{"op": "foresee", "count": 1}]


def _look_game(tmp_path, text):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Glimpse", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": [text]}
    pup = {"id": "TXT-002", "name": "Made-up Pup", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
           "ATK": 200, "DEF": 200, "abilities": []}
    res, pool = _imported_pool(tmp_path, [chant, pup])
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    under = sc.put(0, _FIRE, "main_deck", top=True)  # not looked at
    looked = [sc.put(0, c, "main_deck", top=True) for c in (_FIRE, "TXT-002", _FIRE)]
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return res, g, card, under, looked


def _pass_until_search(g):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K

    for _ in range(10):
        if int(g.state[H_DECISION]) == K.Decision.SEARCH:
            return
        g.step(K.PASS)
    raise AssertionError("no SEARCH decision")


def test_cr_1014_look_at_the_top_three_take_one_the_rest_into_the_graveyard(tmp_path):
    """"Look at the top three cards of your deck. Put a card from among them into your hand and the rest
    into your graveyard.": the player must take one of the three ("a card": no specific information,
    CR 1014.1), the other two go to the graveyard, the fourth card stays on top of the deck."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.engine.zones import zone_list

    res, g, card, under, looked = _look_game(tmp_path, "Look at the top three cards of your deck. Put a card from "
                                             "among them into your hand and the rest into your graveyard.")
    assert res.text_records[0].verdict is Verdict.EXACT
    _pass_until_search(g)
    legal = g.legal_actions().tolist()
    assert K.PASS not in legal  # SEARCH_MUST
    cids = [int(g.state[S.CAND + k]) for k in range(int(g.state[S.CAND_N]))]
    pup_id = int(g.state[S.CARD + looked[1] * S.CARD_W])
    assert sorted(cids) == sorted({pup_id, int(g.state[S.CARD + looked[0] * S.CARD_W])})  # distinct card ids
    g.step(K.OPTION_BASE + cids.index(pup_id))
    for _ in range(6):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    zone = lambda c: int(g.state[S.ZONE + c * S.CARD_W])  # noqa: E731
    assert zone(card) == K.Zone.GRAVEYARD
    assert zone(looked[1]) == K.Zone.HAND
    assert zone(looked[0]) == K.Zone.GRAVEYARD and zone(looked[2]) == K.Zone.GRAVEYARD
    assert zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)[-1] == under


def test_cr_1014_2_you_may_put_none_and_the_rest_go_to_the_bottom(tmp_path):
    """"You may put a resonator from among them into your hand. Put the rest on the bottom of your deck in a
    random order.": the player may take none (PASS); the three cards looked at go to the bottom of the
    deck and the card under them is on top."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.engine.zones import zone_list

    res, g, card, under, looked = _look_game(tmp_path, "Look at the top three cards of your deck. You may put a "
                                             "resonator from among them into your hand. Put the rest on the bottom "
                                             "of your deck in a random order.")
    assert res.text_records[0].verdict is Verdict.EXACT
    _pass_until_search(g)
    assert int(g.state[S.CAND_N]) == 1  # the one resonator among the three
    assert K.PASS in g.legal_actions().tolist()
    g.step(K.PASS)
    for _ in range(6):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            break
        g.step(K.PASS)
    deck = zone_list(np.asarray(g.state), S.ZONES, K.Zone.MAIN_DECK, 0)
    assert sorted(deck[:3]) == sorted(looked) and deck[-1] == under


# ---- "at the beginning of your turn" (CR 502.1), "can't" ----------------------------------------------
def test_cr_502_1_at_the_beginning_of_your_turn_is_the_beginning_of_the_draw_phase():
    r = exact("At the beginning of your turn => Draw a card.")
    assert r.abilities[0]["trigger"] == "begin_draw_phase" and r.abilities[0]["trigger_whose"] == "yours"
    r = exact("Whenever this card attacks => Target resonator can't block this turn.")
    assert r.abilities[0]["effect"][-1] == {"op": "restrict", "restrictions": ["cant_block"], "duration": "end_of_turn"}


def test_cr_502_1_a_beginning_of_turn_trigger_draws_at_its_controllers_next_turn(tmp_path):
    """A made-up resonator "At the beginning of your turn => Draw a card." in player 0's field: when
    player 0's turn begins (its draw phase, CR 502.1) it draws a card more than the draw of CR 502.3."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    owl = {"id": "TXT-001", "name": "Made-up Owl", "type": ["Resonator"], "cost": "{G}", "colour": ["G"],
           "ATK": 100, "DEF": 100, "abilities": ["At the beginning of your turn => Draw a card."]}
    res, pool = _imported_pool(tmp_path, [owl])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=1, seed=3)
    sc.put(0, "TXT-001", "field")
    g = sc.game()
    hand = int(g.state[S.HAND_N])
    for _ in range(80):
        if int(g.state[S.TURN_PLAYER]) == 0 and int(g.state[S.STEP]) == K.Step.MAIN:
            break
        legal = g.legal_actions().tolist()
        if int(g.state[H_DECISION]) == K.Decision.PRIORITY or K.PASS in legal:
            g.step(K.PASS)
        else:
            g.step(legal[0])
    assert int(g.state[S.TURN_PLAYER]) == 0 and int(g.state[S.STEP]) == K.Step.MAIN
    assert int(g.state[S.HAND_N]) == hand + 2


def test_fow_sim_list_coverage_after_session_10():
    """The fow-sim list's figures this session reached (the issue's target, 50% exact, is not reached)."""
    from pathlib import Path

    import pytest

    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    path = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "force_of_will" / "antlebel2_fow-sim__cards.json"
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    rep = import_force_of_will_json(path).report()
    assert rep["cards_exact"] >= 985 and rep["cards_approximate"] >= 1110
    assert "look_rest_random_order" not in rep["approximations"]  # exact since session 16


# ---- "Choose one" (CR 903.2e): the mode chosen as it is played, before the targets ----------------
def test_cr_903_2e_choose_one_compiles_each_mode_as_a_program_of_its_own():
    r = exact("Choose one - Destroy target addition; or you gain 1000 life.", "chant")
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [
        [{"op": "choose", "filter": {"type": ["addition"]}}, {"op": "destroy"}],
        [{"op": "gain_life", "amount": 1000}]]}]
    r = exact("[Enter] => Choose one; - Recover target resonator. - Rest target resonator.")
    assert [m[-1]["op"] for m in r.abilities[0]["effect"][0]["modes"]] == ["recover", "rest"]
    # session 23: an activate ability's modes compile (test_fow_card_text_s23b); a will produced in a mode does not
    assert line("{Rest}: Choose one - Draw a card; or you gain 200 life.").verdict is Verdict.EXACT
    assert line("{Rest}: Choose one - Produce {R}; or you gain 200 life.").verdict is Verdict.UNSUPPORTED


def _modal_game(tmp_path, text, opponent_field=()):
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Choice", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": [text]}
    res, pool = _imported_pool(tmp_path, [chant])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    victims = [sc.put(1, c, "field") for c in opponent_field]
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    return g, card, victims


def _resolve(g, card):
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    for _ in range(10):
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD:
            return
        if int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET:
            g.step(K.OPTION_BASE)
        else:
            g.step(K.PASS)
    raise AssertionError("the chant did not resolve")


def test_cr_903_2e_a_mode_without_legal_targets_is_not_offered(tmp_path):
    """"Choose one - Destroy target addition; or you gain 1000 life." with no addition in any field: the
    mode is chosen as the chant is played (CHOOSE_MODE), only the second is legal (CR 903.2g), and the
    chant resolves that mode only."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, _ = _modal_game(tmp_path, "Choose one - Destroy target addition; or you gain 1000 life.")
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE
    assert [a for a in g.legal_actions().tolist() if a >= K.OPTION_BASE] == [K.OPTION_BASE + 1]
    life = int(g.state[S.LIFE])
    g.step(K.OPTION_BASE + 1)
    _resolve(g, card)
    assert int(g.state[S.LIFE]) == life + 1000


def test_cr_903_2e_the_chosen_mode_chooses_its_targets_and_the_other_mode_does_not_exist(tmp_path):
    """"Choose one - Destroy target resonator; or draw a card.": the first mode chosen, its target is
    chosen as the chant is played (CR 903.2g) and destroyed as it resolves; no card is drawn."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, (victim,) = _modal_game(tmp_path, "Choose one - Destroy target resonator; or draw a card.",
                                     ["FOW1-024"])
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE
    assert {K.OPTION_BASE, K.OPTION_BASE + 1} <= set(g.legal_actions().tolist())
    hand = int(g.state[S.HAND_N])
    g.step(K.OPTION_BASE)
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_TARGET
    _resolve(g, card)
    assert int(g.state[S.ZONE + victim * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.HAND_N]) == hand


# ---- "target player or J/resonator" (CR 903.2g): the target a player or a card -----------------------
def test_cr_903_2g_target_player_or_j_resonator_is_a_choice_of_the_card_the_opponent_or_you():
    r = exact("This card deals 500 damage to target player or J/resonator.", "chant")
    assert r.fields["effect"] == [{"op": "select_mode", "modes": [
        [{"op": "choose", "filter": {"type": ["j_resonator"]}}, {"op": "damage", "amount": 500}],
        [{"op": "damage_player", "amount": 500, "who": "opponent"}],
        [{"op": "damage_player", "amount": 500, "who": "controller"}]]}]
    assert line("[Enter] => This card deals 400 damage to target player or J/resonator. Destroy it.").verdict \
        is Verdict.UNSUPPORTED  # "it" would be no card when a player is the target


def test_cr_903_2g_damage_to_target_player_or_j_resonator_dealt_to_the_player_chosen(tmp_path):
    """"This card deals 500 damage to target player or J/resonator.": with a resonator in the opponent's
    field the three targets are offered (the resonator, the opponent, the caster); the opponent chosen, it
    is dealt 500 damage (CR 1007.2), the resonator none."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S

    g, card, (victim,) = _modal_game(tmp_path, "This card deals 500 damage to target player or J/resonator.",
                                     ["FOW1-024"])
    assert int(g.state[H_DECISION]) == K.Decision.CHOOSE_MODE
    assert {K.OPTION_BASE, K.OPTION_BASE + 1, K.OPTION_BASE + 2} <= set(g.legal_actions().tolist())
    life = [int(g.state[S.LIFE + p]) for p in range(2)]
    g.step(K.OPTION_BASE + 1)
    _resolve(g, card)
    assert [int(g.state[S.LIFE + p]) for p in range(2)] == [life[0], life[1] - 500]
    assert int(g.state[S.DAMAGE + victim * S.CARD_W]) == 0


def test_damage_multiplied_by_the_number_of_cards_is_damage_for_each_of_them():
    """"N damage multiplied by the number of <cards>" and "N damage for each <cards> to <target>" compile to the
    program of "N damage to <target> for each <cards>" (SET_X, played by session 9's tests)."""
    per_each = exact("This card deals 300 damage to target J/resonator for each resonator you control.", "chant")
    for text in ("This card deals 300 damage multiplied by the number of resonators you control to target J/resonator.",
                 "This card deals 300 damage for each resonator you control to target J/resonator."):
        assert exact(text, "chant").fields == per_each.fields


def test_cr_1407_a_chant_spell_or_resonator_spell_is_that_card_on_the_chase():
    assert exact("Cancel target chant spell.", "chant").fields == exact("Cancel target chant.", "chant").fields
    assert exact("Cancel target resonator spell.", "chant").fields["effect"][0] == {
        "op": "choose", "filter": {"type": ["resonator"], "zone": "chase"}}


def test_cr_906_6_a_triggered_choice_of_modes_none_of_whose_targets_exist_leaves(tmp_path):
    """A made-up resonator "[Enter] => Choose one - Destroy target addition; or destroy target regalia." enters
    with no addition or regalia in any field: no mode can be chosen, the ability leaves without a decision
    (CR 906.6) and the game goes on (its controller has priority again)."""
    from tcg_env.engine.header import H_DECISION
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    pup = {"id": "TXT-001", "name": "Made-up Pup", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
           "ATK": 200, "DEF": 200, "abilities": ["[Enter] => Choose one - Destroy target addition; or destroy "
                                                 "target regalia."]}
    res, pool = _imported_pool(tmp_path, [pup])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    sc.will(0, K.Attribute.FIRE)
    (card,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    g.step(K.PLAY_HAND_BASE)
    for _ in range(12):
        assert int(g.state[H_DECISION]) != K.Decision.CHOOSE_MODE
        if int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD and int(g.state[S.CHASE_N]) == 0 \
                and int(g.state[S.PT_N]) == 0:
            break
        g.step(K.PASS)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD and int(g.state[S.CHASE_N]) == 0
    assert int(g.state[H_DECISION]) == K.Decision.PRIORITY and g.legal_actions().size > 0
