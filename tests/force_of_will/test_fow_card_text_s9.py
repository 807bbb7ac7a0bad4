"""Force of Will card text, session 9 pieces: searches with total cost, "up to N", into the field or
the graveyard; "enters the field or attacks"; a magic stone called rested; damage equal to the
card's own ATK; a rune's cost from the rune area. Lines are made up in the game's template
language. Rule numbers: CR 8.01 (``force-of-will-cr-8.01.txt``)."""

from __future__ import annotations

import numpy as np

from tcg_env.cards.text import Verdict
from test_fow_card_text import _drive, _imported_pool, exact, line


# ---- searches (CR 1014, 1021) ----------------------------------------------------------------------
def test_cr_1014_search_filters_with_total_cost_and_its_destination():
    r = exact("[Enter] => Search your deck for a card with total cost 4 or more, reveal it, and put it into "
              "your hand. Then shuffle your deck.")
    assert r.abilities[0]["effect"] == [{"op": "search", "filter": {"cost_min": 4, "zone": "main_deck"},
                                         "reveal": "taken"}]
    r = exact("[Enter] => Search your deck for a resonator with total cost 2 or less and put it into the field. "
              "Then shuffle your deck.")
    assert r.abilities[0]["effect"] == [{"op": "search", "to": "field",
                                         "filter": {"type": ["resonator"], "cost_max": 2, "zone": "main_deck"}}]
    r = line("Search your deck for a darkness card and put it into your graveyard. Then shuffle your deck.", "chant")
    assert r.fields["effect"][0]["to"] == "graveyard"


def test_cr_307_7_a_search_into_the_field_finds_any_card_a_look_at_the_top_a_resonator():
    # since session 17 any card (effects.effect_to_field: CR 316.4 for a chant, 1406.3 for an addition); a card looked
    # at among the top cards still needs a resonator filter
    r = exact("Search your deck for a card and put it into the field. Then shuffle your deck.", "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"zone": "main_deck"}, "to": "field"}]
    r = line("Reveal the top card of your deck. If it's an addition, put it into your field.", "chant")
    assert r.verdict is Verdict.UNSUPPORTED and "resonator" in r.reason


def test_cr_1014_2_up_to_n_is_n_searches_each_of_which_may_find_nothing():
    r = exact("Search your deck for up to two resonators, reveal them and put them into your hand. "
              "Then shuffle your deck.", "chant")
    # one reveal of the cards found (CR 1005.1: "taken", then "taken_more")
    flt = {"type": ["resonator"], "zone": "main_deck"}
    assert r.fields["effect"] == [{"op": "search", "filter": flt, "reveal": "taken"},
                                  {"op": "search", "filter": flt, "reveal": "taken_more"}]


def test_a_search_for_a_named_card_lists_all_its_card_ids():
    r = exact('Search your deck for a card named "Made Up Toad" and put it into your hand. Then shuffle your deck.',
              "chant")
    assert r.fields["effect"] == [{"op": "search", "filter": {"name": "Made Up Toad", "zone": "main_deck"}}]


# ---- triggers, stones, damage ----------------------------------------------------------------------
def test_enters_the_field_or_attacks_is_two_automatic_abilities():
    for text in ("When this card enters your field or attacks, destroy target addition.",
                 "When this card enters your field or whenever it attacks => destroy target addition."):
        r = exact(text)
        assert [a["trigger"] for a in r.abilities] == ["enter", "attacks"]
        assert r.abilities[0]["effect"] == r.abilities[1]["effect"]


def test_cr_1016_a_magic_stone_put_into_the_field_rested():
    r = exact("[Enter] => Put the top card of your magic stone deck into your field rested.")
    assert r.abilities[0]["effect"] == [{"op": "call_stone", "rested": True}]


def test_damage_equal_to_its_own_atk_reads_the_atk_as_it_resolves():
    r = line("[Enter]: This card deals damage equal to its ATK to target resonator your opponent controls.")
    assert r.approximations == ("own_atk_printed_when_gone",)
    assert r.abilities[0]["effect"][1:] == [{"op": "set_x", "per": {"count": "self_atk"}, "times": 1},
                                            {"op": "damage", "amount": "X00"}]
    # session 29: a chant has no ATK, so its "its" is the resonator dealt damage (Per.TARGET_ATK, test_fow_card_text_s29r)
    assert line("This card deals damage to target resonator equal to its ATK.", "chant").fields["effect"][1:] == [
        {"op": "set_x", "per": {"count": "target_atk"}, "times": 1}, {"op": "damage", "amount": "X00"}]
    assert line("[Enter] => That card deals damage equal to its ATK to target resonator.").verdict is Verdict.UNSUPPORTED


# ---- runes (CR 711.2, 903.2i) ----------------------------------------------------------------------
def test_cr_711_a_runes_cost_from_the_rune_area():
    assert exact("You pay {1} more to play this card from a rune area.", "rune").fields == {"rune_cost": 1}
    r = line("You may pay {2} less to play this card from a rune area.", "rune")
    assert r.verdict is Verdict.EXACT and r.fields == {"rune_cost": -2}  # asked (CR 903.2i-iv, play.play_rune)
    assert line("You pay {1} more to play this card from a rune area.", "resonator").verdict is Verdict.UNSUPPORTED
    # an attribute's will (session 21; before, unsupported): the field rune_will (play.rune_attr_change)
    assert exact("You pay {W} more to play this card from a rune area.", "rune").fields == {"rune_cost": 0,
                                                                                          "rune_will": "{W}"}


def test_a_runes_cost_change_is_in_its_card_row(tmp_path):
    from tcg_env.games.force_of_will import constants as K

    rune = {"id": "TXT-001", "name": "Made-up Rune", "type": ["Rune"], "cost": "{R}{1}", "colour": ["R"],
            "divinity": 1, "abilities": ["Draw a card.", "You pay {2} more to play this card from a rune area."]}
    res, pool = _imported_pool(tmp_path, [rune])
    assert res.text_records[0].verdict is Verdict.EXACT
    assert int(pool.cards[pool.index["TXT-001"], K.C_INCARNATION_N]) == 2


# ---- engine behaviour ------------------------------------------------------------------------------
def test_cr_1014_a_search_into_the_field_puts_the_resonator_found_into_the_field(tmp_path):
    """A made-up chant "search for a resonator named ... and put it into the field": the resonator of
    the deck enters its searcher's field (CR 307.7), the chant resolves."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Summons", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": ['Search your deck for a resonator named "Made-up Pup" and put it into the field. '
                           "Then shuffle your deck."]}
    pup = {"id": "TXT-002", "name": "Made-up Pup", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
           "ATK": 200, "DEF": 200, "abilities": []}
    res, pool = _imported_pool(tmp_path, [chant, pup])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")  # a fire magic stone
    (card,) = sc.hand(0, ["TXT-001"])
    target = sc.put(0, "TXT-002", "main_deck", top=False)
    g = sc.game()
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD
    assert int(g.state[S.ZONE + target * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.CONTROLLER + target * S.CARD_W]) == 0


def test_damage_equal_to_its_atk_deals_the_cards_current_atk(tmp_path):
    """"[Enter] => This card deals damage equal to its ATK to target resonator your opponent controls.":
    a 700-ATK resonator deals 700 damage (SET_X reads its ATK, Per.SELF_ATK) to an 800-DEF resonator."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    brute = {"id": "TXT-001", "name": "Made-up Brute", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
             "ATK": 700, "DEF": 300, "abilities": [
                 "[Enter] => This card deals damage equal to its ATK to target resonator your opponent controls."]}
    wall = {"id": "TXT-002", "name": "Made-up Wall", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
            "ATK": 100, "DEF": 800, "abilities": []}
    res, pool = _imported_pool(tmp_path, [brute, wall])
    assert res.text_records[0].verdict is Verdict.APPROXIMATE
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")
    (card,) = sc.hand(0, ["TXT-001"])
    victim = sc.put(1, "TXT-002", "field")
    g = sc.game()
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.DAMAGE + victim * S.CARD_W]) > 0)
    assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.DAMAGE + victim * S.CARD_W]) == 700


def test_cr_1011_put_into_a_graveyard_from_the_field_triggers_when_banished_is_destroyed_does_not(tmp_path):
    """A resonator banished by its own cost (CR 1011: put into its owner's graveyard, not destroyed):
    "when this card is put into a graveyard from the field" draws a card, "when this card is destroyed"
    does not trigger (Trigger.PUT_INTO_GRAVEYARD / DESTROYED)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    def res(i, trigger):
        return {"id": f"TXT-00{i}", "name": f"Made-up Martyr {i}", "type": ["Resonator"], "cost": "{R}",
                "colour": ["R"], "ATK": 100, "DEF": 100,
                "abilities": [f"{trigger} => Draw a card.", "Banish this card: Your opponent loses 100 life."]}

    imported, pool = _imported_pool(tmp_path, [res(1, "When this card is put into a graveyard from the field"),
                                               res(2, "When this card is destroyed")])
    assert [r.verdict for r in imported.text_records] == [Verdict.EXACT, Verdict.EXACT]
    for number, draws in (("TXT-001", 1), ("TXT-002", 0)):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        card = sc.put(0, number, "field")
        g = sc.game()
        hand, life = int(g.state[S.HAND_N]), int(g.state[S.LIFE + 1])
        g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(card) * K.ABILITIES_PER_CARD)
        _drive(g, lambda g: int(g.state[S.LIFE + 1]) < life and int(g.state[S.CHASE_N]) == 0
               and int(g.state[S.HAND_N]) == hand + draws)
        assert int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD
        assert int(g.state[S.LIFE + 1]) == life - 100
        assert int(g.state[S.HAND_N]) == hand + draws, number


# ---- targets in your graveyard (CR 903.2g, 903.3a) -------------------------------------------------
def test_cr_903_2g_targets_in_your_graveyard_to_the_hand_or_the_field():
    r = exact("[Enter]: Put target resonator from your graveyard into your hand.")
    assert r.abilities[0]["effect"] == [{"op": "choose", "filter": {"type": ["resonator"], "zone": "graveyard",
                                                                    "side": "own"}}, {"op": "grave_to_hand"}]
    r = exact("Put up to two target chants from your graveyard into your hand.", "chant")
    assert r.fields["effect"][0] == {"op": "choose", "count": 2, "up_to": True,
                                     "filter": {"type": ["chant"], "zone": "graveyard", "side": "own"}}
    r = exact("[Enter] => Put target resonator with total cost 2 or less from your graveyard into the field rested.")
    assert r.abilities[0]["effect"][1] == {"op": "grave_to_field", "rested": True}
    # since session 17 any card (effects.effect_to_field: CR 316.4 for a chant, 1406.3 for an addition)
    assert exact("Put target card from your graveyard into the field.", "chant").fields["effect"][1] == \
        {"op": "grave_to_field"}
    # another player's graveyard, a state: not compiled
    assert line("Put target rested resonator from your graveyard into your hand.", "chant").verdict is Verdict.UNSUPPORTED


def test_cr_903_2g_a_chant_returns_a_resonator_of_its_graveyard_and_needs_one_to_be_played(tmp_path):
    """"Put target resonator from your graveyard into your hand.": not playable without a resonator in the
    graveyard (CR 903.2g, targets_available scans the graveyards); with one, it is chosen and returned."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Recall", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": ["Put target resonator from your graveyard into your hand."]}
    res, pool = _imported_pool(tmp_path, [chant])
    assert res.text_records[0].verdict is Verdict.EXACT
    for with_target in (False, True):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        stone = sc.put(0, "FOW1-079", "field")
        (card,) = sc.hand(0, ["TXT-001"])
        dead = sc.put(0, "FOW1-024", "graveyard") if with_target else None
        sc.put(1, "FOW1-024", "graveyard")  # the opponent's: not in "your graveyard"
        g = sc.game()
        g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
        assert (K.PLAY_HAND_BASE in set(g.legal_actions().tolist())) is with_target
        if not with_target:
            continue
        g.step(K.PLAY_HAND_BASE)
        _drive(g, lambda g: int(g.state[S.ZONE + card * S.CARD_W]) == K.Zone.GRAVEYARD)
        assert int(g.state[S.ZONE + dead * S.CARD_W]) == K.Zone.HAND


# ---- triggers on damage and life (CR 1007) ---------------------------------------------------------
def test_triggers_this_card_is_dealt_damage_you_gain_life_damage_is_dealt_to_you():
    assert exact("Whenever this card is dealt damage, destroy it.").abilities[0]["trigger"] == "dealt_damage"
    assert exact("Whenever you gain life, target resonator gains [+300/+300] until end of turn."
                 ).abilities[0]["trigger"] == "you_gain_life"
    assert exact("Whenever damage is dealt to you => Put a [+100/+100] counter on this card."
                 ).abilities[0]["trigger"] == "damage_to_you"


def test_cr_1007_a_card_dealt_damage_and_its_controller_gaining_life_trigger(tmp_path):
    """A made-up chant deals 100 damage to a resonator whose "whenever this card is dealt damage" puts a
    [+100/+100] counter on it, and its controller gains 500 life: its own "whenever you gain life"
    resonator gets a counter, the opponent's (whose controller gained nothing) does not."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    chant = {"id": "TXT-001", "name": "Made-up Sting", "type": ["Chant"], "cost": "{R}", "colour": ["R"],
             "abilities": ["This card deals 100 damage to target resonator with total cost 1 your opponent controls. "
                           "You gain 500 life."]}

    def res(i, cost, text):
        return {"id": f"TXT-00{i}", "name": f"Made-up Sponge {i}", "type": ["Resonator"], "cost": cost,
                "colour": ["R"], "ATK": 100, "DEF": 800, "abilities": [text]}

    imported, pool = _imported_pool(tmp_path, [
        chant, res(2, "{R}", "Whenever this card is dealt damage, put a [+100/+100] counter on this card."),
        res(3, "{R}{1}", "Whenever you gain life, put a [+100/+100] counter on this card.")])
    assert [r.verdict for r in imported.text_records] == [Verdict.EXACT] * 3
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")
    (card,) = sc.hand(0, ["TXT-001"])
    sponge = sc.put(1, "TXT-002", "field")  # the only resonator of total cost 1: the chant's target
    mine = sc.put(0, "TXT-003", "field")
    theirs = sc.put(1, "TXT-003", "field")
    g = sc.game()
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.COUNTERS + sponge * S.CARD_W]) > 0
           and int(g.state[S.COUNTERS + mine * S.CARD_W]) > 0 and int(g.state[S.CHASE_N]) == 0, 60)
    assert int(g.state[S.DAMAGE + sponge * S.CARD_W]) == 100
    assert int(g.state[S.COUNTERS + sponge * S.CARD_W]) == 1
    assert int(g.state[S.COUNTERS + mine * S.CARD_W]) == 1
    assert int(g.state[S.COUNTERS + theirs * S.CARD_W]) == 0


# ---- conditions on the turn (CR 501), more triggers ------------------------------------------------
def test_during_your_turn_or_your_opponents_turn_is_a_condition():
    r = exact("This card gains [Eternal] during your turn.")
    assert r.abilities[0]["condition"] == {"kind": "your_turn"}
    r = exact("{G}, {Rest}: Recover target resonator. Play this ability only during your opponent's turn.")
    assert r.abilities[0]["kind"] == "activate" and r.abilities[0]["condition"] == {"kind": "opponents_turn"}
    # an automatic ability's effect has no lasting condition
    assert line("[Enter] => Draw a card during your turn.").verdict is Verdict.UNSUPPORTED


def test_deals_damage_to_your_opponent_is_any_damage_and_older_wordings():
    r = exact("Whenever this card deals damage to your opponent, he or she discards a card.")
    assert r.abilities == [{"kind": "automatic", "trigger": "deals_damage_to_opponent",
                            "effect": [{"op": "discard", "count": 1, "who": "opponent"}]}]
    assert exact("When this card enters field, you gain 400 life.").abilities[0]["trigger"] == "enter"
    assert exact("When this card is put into graveyard from your field => Draw a card."
                 ).abilities[0]["trigger"] == "put_into_graveyard"


def test_cr_501_a_your_turn_condition_reads_the_turn_player(tmp_path):
    """"This card gains [+500/+0] during your turn.": 600 ATK on its controller's turn, 100 on the other's."""
    from tcg_env.games.force_of_will.scenario import Scenario
    from fow_tables import current_values

    card = {"id": "TXT-001", "name": "Made-up Sentry", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
            "ATK": 100, "DEF": 100, "abilities": ["This card gains [+500/+0] during your turn."]}
    res, pool = _imported_pool(tmp_path, [card])
    assert res.text_records[0].verdict is Verdict.EXACT
    for turn_player, atk in ((0, 600), (1, 100)):
        sc = Scenario.main_phase(pool, turn_player=turn_player, seed=1)
        slot = sc.put(0, "TXT-001", "field")
        g = sc.game()
        assert int(current_values(np.asarray(g.state), pool.kernel_tables, slot)[0]) == atk


# ---- costs paid with a chosen card (CR 903.2j, 1011, 1013) -----------------------------------------
def test_cr_903_2j_banish_or_rest_a_card_you_control_as_a_cost():
    r = exact("{Rest}, banish a resonator: Destroy target resonator with total cost 3 or less.")
    ab = r.abilities[0]
    assert ab["cost"] == {"rest": True, "pay_chosen": "banish", "pay_reg": 1}
    # the targets first (CR 903.2g), then the card paid with, on its own register
    assert ab["effect"][:2] == [{"op": "choose", "filter": {"type": ["resonator"], "cost_max": 3}},
                                {"op": "choose", "filter": {"type": ["resonator"], "side": "own"}, "reg": 1}]
    r = exact("Rest another recovered resonator you control: This card gains [+200/+200] until end of turn.")
    assert r.abilities[0]["effect"][0]["filter"] == {"exclude_self": True, "state": "recovered",
                                                     "type": ["resonator"], "side": "own"}
    # a will ability paid with a chosen card: compiled since session 24 (test_fow_card_text_s24d)
    assert line("Rest a recovered resonator you control: Produce {W}.").abilities[0]["kind"] == "will"
    assert line("Banish a resonator your opponent controls: Draw a card.").verdict is Verdict.UNSUPPORTED


def test_cr_1011_a_resonator_banished_or_rested_to_pay_a_cost(tmp_path):
    """"Banish another resonator: Draw a card." / "Rest another recovered resonator you control: this card
    gains [+200/+200] until end of turn.": the other resonator is chosen as the ability is played and goes
    to the graveyard / is rested then; the effect resolves."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario
    from fow_tables import current_values

    def res(i, text):
        return {"id": f"TXT-00{i}", "name": f"Made-up Chief {i}", "type": ["Resonator"], "cost": "{R}",
                "colour": ["R"], "ATK": 100, "DEF": 100, "abilities": [text] if text else []}

    imported, pool = _imported_pool(tmp_path, [
        res(1, "Banish another resonator: Draw a card."),
        res(2, "Rest another recovered resonator you control: This card gains [+200/+200] until end of turn."),
        res(3, "")])
    assert [r.verdict for r in imported.text_records] == [Verdict.EXACT] * 3
    for number in ("TXT-001", "TXT-002"):
        sc = Scenario.main_phase(pool, turn_player=0, seed=1)
        chief = sc.put(0, number, "field")
        other = sc.put(0, "TXT-003", "field")
        g = sc.game()
        hand = int(g.state[S.HAND_N])
        g.step(K.ACTIVATE_BASE + sc.zone(0, "field").index(chief) * K.ABILITIES_PER_CARD)
        _drive(g, lambda g: int(g.state[S.CHASE_N]) == 0
               and (int(g.state[S.HAND_N]) > hand or int(current_values(np.asarray(g.state), pool.kernel_tables, chief)[0]) > 100))
        if number == "TXT-001":
            assert int(g.state[S.ZONE + other * S.CARD_W]) == K.Zone.GRAVEYARD
            assert int(g.state[S.HAND_N]) == hand + 1
        else:
            assert int(g.state[S.ZONE + other * S.CARD_W]) == K.Zone.FIELD
            assert int(g.state[S.RESTED + other * S.CARD_W]) == 1
            assert int(current_values(np.asarray(g.state), pool.kernel_tables, chief)[0]) == 300


# ---- your ruler, a condition printed after the effect, one duration for two gains ------------------
def test_cr_308_your_ruler_in_its_ruler_area_is_rested_or_recovered_only():
    r = exact("{Rest}: Recover your ruler.")
    assert r.abilities[0]["effect"] == [{"op": "select_all", "filter": {"type": ["ruler"], "side": "own",
                                                                        "zone": "ruler_area"}}, {"op": "recover"}]
    assert line("[Enter] => Your ruler gains [+100/+100] until end of turn.").verdict is Verdict.UNSUPPORTED


def test_an_effect_then_if_condition_is_an_if_sentence():
    r = exact("Draw a card if you have no cards in your hand.", "chant")
    assert r.fields["effect"] == [{"op": "if", "condition": {"kind": "hand_empty"}, "skip": 1},
                                  {"op": "draw", "count": 1}]


def test_fow_sim_list_coverage_after_session_9():
    """The fow-sim list's figures this session reached (the issue's target, 50% exact, is not reached)."""
    from pathlib import Path

    import pytest

    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    path = Path(__file__).resolve().parents[2].parent / "shared" / "carddata" / "force_of_will" / "antlebel2_fow-sim__cards.json"
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    rep = import_force_of_will_json(path).report()
    assert rep["cards_exact"] >= 945 and rep["cards_approximate"] >= 1045
    assert {"own_atk_printed_when_gone"} <= set(rep["approximations"])


def test_this_card_enters_the_field_rested(tmp_path):
    """"This card enters the field rested." (a card field: C_TYPE_BITS TB_ENTERS_RESTED): the resonator
    played from the hand resolves into the field rested (zones.enter_field)."""
    from tcg_env.games.force_of_will import constants as K
    from tcg_env.games.force_of_will import state as S
    from tcg_env.games.force_of_will.scenario import Scenario

    assert exact("This card enters the field rested.").fields == {"enters_rested": True}
    assert line("This card enters the field rested.", "chant").verdict is Verdict.UNSUPPORTED
    card = {"id": "TXT-001", "name": "Made-up Sleeper", "type": ["Resonator"], "cost": "{R}", "colour": ["R"],
            "ATK": 100, "DEF": 100, "abilities": ["This card enters the field rested."]}
    res, pool = _imported_pool(tmp_path, [card])
    assert res.text_records[0].verdict is Verdict.EXACT
    sc = Scenario.main_phase(pool, turn_player=0, seed=1)
    stone = sc.put(0, "FOW1-079", "field")
    (sleeper,) = sc.hand(0, ["TXT-001"])
    g = sc.game()
    g.step(K.WILL_A_BASE + sc.zone(0, "field").index(stone))
    g.step(K.PLAY_HAND_BASE)
    _drive(g, lambda g: int(g.state[S.ZONE + sleeper * S.CARD_W]) == K.Zone.FIELD)
    assert int(g.state[S.ZONE + sleeper * S.CARD_W]) == K.Zone.FIELD
    assert int(g.state[S.RESTED + sleeper * S.CARD_W]) == 1


def test_cr_201_2b_a_j_ruler_in_the_field_or_a_ruler_in_its_ruler_area_is_no_one_zone_filter():
    # the ruler is in its ruler area (CR 308), not the field: a filter of the field would miss it
    # ("Rest a recovered J/ruler you control: ..." is a cost since session 19: test_fow_card_text_s19a)
    for text in ("This card gains [+200/+200] for each J/ruler your opponent controls.", "Destroy target J/ruler."):
        r = line(text)
        assert r.verdict is Verdict.UNSUPPORTED and "J/ruler" in r.reason, text
    # "your J/ruler" for mana counters is its ruler slot, either side up
    assert exact("[Enter] => Put a mana counter on your J/ruler.").abilities[0]["effect"] == [
        {"op": "mana_counter", "count": 1}]


_S9_OPS = {"grave_to_hand", "grave_to_field", "set_x", "call_stone"}
_S9_TRIGGERS = {"put_into_graveyard", "destroyed", "dealt_damage", "you_gain_life", "damage_to_you",
                "deals_damage_to_opponent"}


def _uses_s9(card) -> bool:
    """Does the imported card use a piece of session 9 (an op, a trigger, a cost, a condition)?"""
    abilities = list(card.abilities) + ([] if card.effect is None else [None])
    ops = [op for ab in card.abilities for op in ab.effect] + list(card.effect or [])
    if any(op.op in _S9_OPS or (op.op == "search" and (op.to != "hand" or op.filter.zone == "hand")) for op in ops):
        return True
    if card.enters_rested:
        return True
    return any(ab is not None and (ab.trigger in _S9_TRIGGERS or (ab.cost is not None and ab.cost.pay_chosen != "none")
                                   or (ab.condition is not None and ab.condition.kind in ("your_turn", "opponents_turn")))
               for ab in abilities)


def test_an_imported_pool_with_session_9_abilities_plays_random_games():
    """Two decks of imported cards whose compiled abilities use this session's pieces (graveyard targets,
    searches into the field, costs paid with a chosen card, the new triggers ...) play random games to the
    end with the conformance invariants (card conservation)."""
    import sys
    from pathlib import Path

    import pytest

    import tcg_env
    from tcg_env.games.force_of_will.cards import compile_force_of_will_pool
    from tcg_env.games.force_of_will.importer import import_force_of_will_json

    root = Path(__file__).resolve().parents[2]
    path = root.parent / "shared" / "carddata" / "force_of_will" / "antlebel2_fow-sim__cards.json"
    if not path.is_file():
        pytest.skip(f"card data not available: {path}")
    sys.path.insert(0, str(root / "tests" / "conformance"))
    from conformance_helpers import check_cards, random_action

    res = import_force_of_will_json(path)
    ok = {r.number for r in res.text_records if r.skip is None and r.verdict is not Verdict.UNSUPPORTED}
    new = {}
    for c in res:
        if c.number in ok and c.type in ("resonator", "chant", "addition") and c.cost and "X" not in c.cost and _uses_s9(c):
            new.setdefault(c.name, c)
    chosen = list(new.values())
    assert len(chosen) >= 20
    rulers = [c for c in res if c.type == "ruler" and c.number in ok and c.j_ruler in ok]
    stones = [c for c in res if c.type == "magic_stone" and c.basic and len(c.will) == 1]
    decks = []
    for k in range(2):
        main = chosen[10 * k: 10 * k + 10]
        attrs = [a for c in main for a in c.attribute] or ["fire"]
        stone = next((s for s in stones if s.will[0] == max(set(attrs), key=attrs.count)), stones[0])
        decks.append([rulers[k].number] + [c.number for c in main for _ in range(4)] + [stone.number] * 10)
    pool = compile_force_of_will_pool(list(res))
    spec = tcg_env.get_spec("force_of_will")
    sizes = tuple(len(d) for d in decks)
    for seed in range(3):
        g = tcg_env.make_game("force_of_will", decks=decks, seed=seed, pool=pool)
        rng = np.random.default_rng(seed)
        while not g.done and g.num_decisions <= spec.max_decisions:
            assert g.action_mask().any(), f"seed {seed}: empty mask before the end"
            if g.num_decisions % 5 == 0:
                check_cards(spec, np.array(g.state), sizes)
            g.step(random_action(g, rng))
        check_cards(spec, np.array(g.state), sizes)
        assert g.done and g.winner in (0, 1, -1)
